// Icons are imported one file each (see components/icons.ts); the package only types its barrel.
declare module '@tabler/icons-react/dist/esm/icons/*.mjs' {
  import type { TablerIcon } from '@tabler/icons-react';

  const icon: TablerIcon;
  export default icon;
}
