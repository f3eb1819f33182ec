// The icons of the login page and of what every page shows before its screen arrives. Apart from
// `icons.ts`: the build puts every module the first page imports, and all it imports in turn, in
// the first page's script (vite.config.ts), so importing that file here would load every icon.
export { default as IconAlertCircle } from '@tabler/icons-react/dist/esm/icons/IconAlertCircle.mjs';
export { default as IconInfoCircle } from '@tabler/icons-react/dist/esm/icons/IconInfoCircle.mjs';
export { default as IconLanguage } from '@tabler/icons-react/dist/esm/icons/IconLanguage.mjs';
