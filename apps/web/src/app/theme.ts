import { createTheme } from '@mantine/core';

/**
 * Colours stay Mantine's defaults so the CSS variables come from its static stylesheet (see
 * styles/theme.css); only behaviour that needs no generated CSS is set here.
 */
export const theme = createTheme({
  cursorType: 'pointer',
  components: {
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    // A drawer's or dialog's <header> sits outside the page's own header, in a portal: as a second
    // banner landmark it would tell screen-reader users the page has two.
    Drawer: { defaultProps: { attributes: { header: { role: 'none' } } } },
    Modal: { defaultProps: { attributes: { header: { role: 'none' } } } },
  },
});
