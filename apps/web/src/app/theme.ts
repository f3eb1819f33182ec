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
  },
});
