import { createTheme } from '@mantine/core';

/**
 * The one Mantine theme: dark, blue accent, the game's display font stack. Every modal's and
 * drawer's close button is named "Close" (Mantine's is an unlabelled icon: axe's critical
 * button-name), so no screen can forget it.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  components: {
    // Plain objects, not Modal.extend(): the theme is in the first screen's chunk, the
    // components are not.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});
