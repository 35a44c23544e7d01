// The shell's type: the stacks Mantine's theme (src/app/theme.ts) and the
// features use, and the class for figures. The faces themselves are declared in src/ui/fonts.css,
// whose --ts-font-body and --ts-font-display carry the same stacks (a unit test keeps them equal).

/**
 * The system faces each platform ships, CJK ones included, after the bundled faces (which are Latin
 * and Cyrillic only): ja, zh, ko never fall to tofu where the OS has them. Also the CSS variable
 * --ts-font-system, the loading screen's first flat frame's type (loadingScreen.css).
 */
export const FONT_SYSTEM = 'system-ui, -apple-system, "Segoe UI", Roboto, "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Yu Gothic UI", Meiryo, "PingFang SC", "Microsoft YaHei", "Apple SD Gothic Neo", "Malgun Gothic", "Noto Sans CJK JP", "Noto Sans CJK SC", "Noto Sans CJK KR", "Noto Sans JP", "Noto Sans SC", "Noto Sans KR", sans-serif';

/**
 * The body face: Inter (variable), bundled from @fontsource-variable/inter by src/ui/fonts.css
 * (Latin and Cyrillic files, font-display swap). Also the CSS variable --ts-font-body.
 */
export const FONT_BODY = `'Inter Variable', ${FONT_SYSTEM}`;

/**
 * The display face for titles and figures: Exo 2 (variable), bundled from
 * @fontsource-variable/exo-2 the same way. Also the CSS variable --ts-font-display.
 */
export const FONT_DISPLAY = `'Exo 2 Variable', 'Inter Variable', ${FONT_SYSTEM}`;

/** The class for figures (levels, coins, counts, %): the display face with tabular digits (src/ui/fonts.css). */
export const FIGURE_CLASS = 'ts-figure';
