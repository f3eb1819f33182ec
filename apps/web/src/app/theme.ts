import { createTheme } from '@mantine/core';

/**
 * Colours stay Mantine's defaults so the CSS variables come from its static stylesheet (see
 * styles/theme.css); only behaviour that needs no generated CSS is set here. `closeLabel` names
 * the ✕ of every drawer and dialog in the interface's language, so no panel can miss it.
 */
export function appTheme(closeLabel: string) {
  // A drawer's or dialog's <header> sits outside the page's own header, in a portal: as a second
  // banner landmark it would tell screen-reader users the page has two. The page keeps its
  // scrollbar's place (`scrollbar-gutter` in styles/theme.css), so an open panel leaves the
  // scrollbar where it is, still stopping the page behind from scrolling: taking it away and
  // padding the page in its place would move the page by the padding.
  const panelDefaults = {
    attributes: { header: { role: 'none' } },
    closeButtonProps: { 'aria-label': closeLabel },
    removeScrollProps: { removeScrollBar: false },
  };
  // A select draws its options when its list opens, not hidden beforehand (Mantine's default): the
  // issue form's four country selects alone drew about a thousand hidden options, a third of a
  // second of a phone's processor before the clerk could type.
  const comboboxDefaults = { keepMounted: false };
  return createTheme({
    cursorType: 'pointer',
    components: {
      Combobox: { defaultProps: comboboxDefaults },
      TextInput: { defaultProps: { size: 'md' } },
      PasswordInput: { defaultProps: { size: 'md' } },
      Drawer: { defaultProps: panelDefaults },
      Modal: { defaultProps: panelDefaults },
    },
  });
}
