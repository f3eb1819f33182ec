// One file per icon: the package's barrel holds thousands, which dev mode and tests would load.
export { default as IconAlertCircle } from '@tabler/icons-react/dist/esm/icons/IconAlertCircle.mjs';
export { default as IconArrowUp } from '@tabler/icons-react/dist/esm/icons/IconArrowUp.mjs';
export { default as IconChevronDown } from '@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs';
export { default as IconInfoCircle } from '@tabler/icons-react/dist/esm/icons/IconInfoCircle.mjs';
export { default as IconLanguage } from '@tabler/icons-react/dist/esm/icons/IconLanguage.mjs';
export { default as IconLogout } from '@tabler/icons-react/dist/esm/icons/IconLogout.mjs';
export { default as IconUserEdit } from '@tabler/icons-react/dist/esm/icons/IconUserEdit.mjs';
