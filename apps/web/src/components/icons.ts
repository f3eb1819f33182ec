// One file per icon: the package's barrel holds thousands, which dev mode and tests would load.
export { default as IconAlertCircle } from '@tabler/icons-react/dist/esm/icons/IconAlertCircle.mjs';
export { default as IconArrowUp } from '@tabler/icons-react/dist/esm/icons/IconArrowUp.mjs';
export { default as IconBan } from '@tabler/icons-react/dist/esm/icons/IconBan.mjs';
export { default as IconChevronDown } from '@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs';
export { default as IconFileOff } from '@tabler/icons-react/dist/esm/icons/IconFileOff.mjs';
export { default as IconInfoCircle } from '@tabler/icons-react/dist/esm/icons/IconInfoCircle.mjs';
export { default as IconLanguage } from '@tabler/icons-react/dist/esm/icons/IconLanguage.mjs';
export { default as IconListCheck } from '@tabler/icons-react/dist/esm/icons/IconListCheck.mjs';
export { default as IconLogout } from '@tabler/icons-react/dist/esm/icons/IconLogout.mjs';
export { default as IconPencil } from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
export { default as IconPlus } from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
export { default as IconPrinter } from '@tabler/icons-react/dist/esm/icons/IconPrinter.mjs';
export { default as IconSearch } from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
export { default as IconUserEdit } from '@tabler/icons-react/dist/esm/icons/IconUserEdit.mjs';
