import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { FONT_BODY, FONT_DISPLAY } from '../ui/type';

export { FIGURE_CLASS, FONT_BODY, FONT_DISPLAY } from '../ui/type';

/**
 * The one Mantine theme, carrying the loading screen's identity (its #070a1a night, the
 * #38e1ff → #a56bff → #ff5e7a gradient, the display face at weight 900 with a glow) into every overlay:
 * - type: Exo 2 for titles and figures, Inter for the body, both bundled (FONT_DISPLAY, FONT_BODY);
 * - `tripshell`, the primary colour, is the gradient's violet; shade 8 (filled buttons in the
 *   dark scheme) keeps white text at 8:1 and shades 3–5 (light buttons, links) stay above 4.5:1
 *   on the dark surfaces.
 * - `dark`, Mantine's surface scale, is the loading screen's navy: dark-9 #070a1a (the
 *   screen's background), dark-7 #0d1230 (panels, the body), dark-0/1 the text, kept at AA.
 * - headings use the display weight; every modal title has one style (size, weight, glow),
 *   whether a feature passes a string or a <Title> (src/app/look.css evens out the latter).
 * - `other.barFill`/`barGlow`: the loading bar's gradient and glow, for bars in the overlays.
 * Every modal's and drawer's close button is named "Close" (Mantine's is an unlabelled icon:
 * axe's critical button-name), so no screen can forget it.
 */
const tripshell: MantineColorsTuple = [
  '#f3ecff', '#e3d5ff', '#cbb0ff', '#b892ff', '#a56bff', '#9656f7', '#8543ea', '#7433d4', '#6127b9', '#4f1e99',
];

const dark: MantineColorsTuple = [
  '#dfe2f5', '#b9bedb', '#8d93b8', '#62698f', '#3b4270', '#272e57', '#1a2045', '#0d1230', '#0a0e26', '#070a1a',
];

/** The loading screen's gradient and glow, for the few places that draw it. */
export const BRAND = {
  cyan: '#38e1ff',
  violet: '#a56bff',
  pink: '#ff5e7a',
  night: '#070a1a',
  panel: '#0d1230',
  gradient: 'linear-gradient(90deg, #38e1ff, #a56bff 55%, #ff5e7a)',
  glow: '0 0 18px rgba(165, 107, 255, 0.45), 0 0 2px rgba(56, 225, 255, 0.25)',
} as const;

/** What features read from `theme.other` (useMantineTheme()), typed here for every reader. */
declare module '@mantine/core' {
  export interface MantineThemeOther {
    /** The fill of a bar that measures something (the crate shop's supply): the loading bar's gradient. */
    barFill?: string;
    /** The glow under that fill, as the loading bar has. */
    barGlow?: string;
  }
}

export const theme = createTheme({
  primaryColor: 'tripshell',
  primaryShade: { light: 6, dark: 8 },
  colors: { tripshell, dark },
  defaultRadius: 'md',
  fontFamily: FONT_BODY,
  headings: {
    fontFamily: FONT_DISPLAY,
    fontWeight: '800',
    sizes: { h2: { fontSize: '1.5rem', lineHeight: '1.25' }, h3: { fontSize: '1.25rem', lineHeight: '1.3' } },
  },
  other: { barFill: BRAND.gradient, barGlow: '0 0 10px rgb(56 225 255 / 45%)' },
  components: {
    // Plain objects, not Modal.extend(): the theme is in the first screen's chunk, the
    // components are not.
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' }, overlayProps: { backgroundOpacity: 0.7, blur: 3 } },
      styles: {
        content: { background: BRAND.panel, border: '1px solid rgb(165 107 255 / 28%)', boxShadow: '0 18px 60px rgb(0 0 0 / 55%), 0 0 40px rgb(165 107 255 / 12%)' },
        header: { background: BRAND.panel },
        title: { fontFamily: FONT_DISPLAY, fontSize: 'var(--mantine-h3-font-size)', fontWeight: 900, lineHeight: 1.3, letterSpacing: '0.03em', textShadow: BRAND.glow },
      },
    },
    Drawer: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: {
        content: { background: BRAND.panel },
        header: { background: BRAND.panel },
        title: { fontFamily: FONT_DISPLAY, fontSize: 'var(--mantine-h3-font-size)', fontWeight: 900, letterSpacing: '0.03em', textShadow: BRAND.glow },
      },
    },
    // A spinner's name says what it waits on: on a plain span that name is a prohibited ARIA
    // attribute (axe: serious) and never read; as a status it is announced.
    Loader: { defaultProps: { role: 'status' } },
    // Badges keep the spec's case ('v1.3', 'Main', 'Admin'); Mantine's default is upper case.
    Badge: { defaultProps: { tt: 'none' } },
  },
});
