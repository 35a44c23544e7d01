// The Clans section's look and the type: the tag chip's text colour is chosen by WCAG
// contrast (every colour the picker offers reads at 4.5:1 or better, and so does the name on the
// overlay's panels); members are cards with an initial, a level badge and a role; the theme's
// faces are the bundled Exo 2 (display) and Inter (body), declared with font-display swap, only
// their Latin and Cyrillic files.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLAN_COLORS } from '../../contract/clans';
import { theme } from '../../src/app/theme';
import { ClanLabel } from '../../src/features/clans/ClanName';
import { contrastRatio, LIGHTEST_PANEL, readableOn, relativeLuminance, tagTextColor } from '../../src/features/clans/clanColors';
import { initialOf, MemberList } from '../../src/features/clans/MemberList';
import { FIGURE_CLASS, FONT_BODY, FONT_DISPLAY } from '../../src/ui/type';
import { renderWithShell } from '../support/render';

const hex = (rgb: string): string => {
  const m = /rgb\((\d+), (\d+), (\d+)\)/.exec(rgb);
  return m ? `#${m.slice(1, 4).map((v) => Number(v).toString(16).padStart(2, '0')).join('')}` : rgb.toLowerCase();
};

describe('WCAG contrast of clan colours', () => {
  it('computes luminance and ratios as WCAG 2 defines them', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 6);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 6);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 6);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2); // the classic just-below-AA grey
  });

  it('every colour the ColorPicker allows gives its tag text a contrast of at least 4.5', () => {
    expect(CLAN_COLORS).toHaveLength(16);
    for (const color of CLAN_COLORS) {
      const ink = tagTextColor(color);
      expect(['#000000', '#ffffff']).toContain(ink);
      expect(contrastRatio(color, ink), `${color} with ${ink}`).toBeGreaterThanOrEqual(4.5);
      // and it is the better of the two
      expect(contrastRatio(color, ink)).toBeGreaterThanOrEqual(contrastRatio(color, ink === '#000000' ? '#ffffff' : '#000000'));
    }
    expect(tagTextColor('#f8f9fa')).toBe('#000000');
    expect(tagTextColor('#6741d9')).toBe('#ffffff');
  });

  it("the name keeps the colour's hue but reads at 4.5 on the lightest panel and every darker one", () => {
    for (const color of CLAN_COLORS) {
      const name = readableOn(color);
      for (const panel of [LIGHTEST_PANEL, '#1a2045', '#0d1230', '#070a1a']) {
        expect(contrastRatio(name, panel), `${color} as ${name} on ${panel}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    expect(readableOn('#f08c00')).toBe('#f08c00'); // already readable: unchanged
    expect(readableOn('#495057')).not.toBe('#ffffff'); // lifted, still a grey-blue, not plain white
    expect(readableOn('not a colour')).toBe('#ffffff');
  });
});

describe('the clan label and the member cards', () => {
  it('draws the tag as a chip in the clan colour with readable text, the text still reading "[TAG] Name"', () => {
    renderWithShell(<ClanLabel tag="NITE" name="Nightfall" color="#6741d9" />);
    const chip = screen.getByTestId('clan-tag-chip');
    expect(hex(chip.style.background || chip.style.backgroundColor)).toBe('#6741d9');
    expect(hex(chip.style.color)).toBe('#ffffff');
    const label = chip.parentElement as HTMLElement;
    expect(label).toHaveAttribute('data-clan-color', '#6741d9');
    expect(label.textContent).toBe('[NITE] Nightfall');
    expect(chip.textContent).toBe('[NITE]');
  });

  it('a dark clan colour gets no black box: the chip carries it, the name is lifted to read', () => {
    renderWithShell(<ClanLabel tag="GRY" name="Greys" color="#495057" />);
    const chip = screen.getByTestId('clan-tag-chip');
    const name = screen.getByText('Greys');
    expect(hex(chip.style.background || chip.style.backgroundColor)).toBe('#495057');
    expect(contrastRatio(hex(name.style.color), LIGHTEST_PANEL)).toBeGreaterThanOrEqual(4.5);
    expect(hex((chip.parentElement as HTMLElement).style.background)).toBe('');
  });

  it('shows each member as a card: initial avatar, role, level badge and coins, admins first', () => {
    renderWithShell(<MemberList color="#f08c00" members={[
      { uuid: 'b', username: 'bob', role: 'member', level: 7, tripcoinBalance: 10 },
      { uuid: 'a', username: 'ännie', role: 'admin', level: 22, tripcoinBalance: 1234.5 },
    ]} />);
    const cards = screen.getAllByTestId('clan-member');
    expect(cards).toHaveLength(2);
    const [ann, bob] = cards as [HTMLElement, HTMLElement];
    expect(within(ann).getByTestId('clan-member-avatar')).toHaveTextContent('Ä');
    expect(within(ann).getByTestId('clan-member-avatar')).toHaveAttribute('aria-hidden', 'true');
    expect(within(ann).getByTestId('clan-member-level')).toHaveTextContent('Level 22');
    expect(within(ann).getByText('Admin')).toBeInTheDocument();
    expect(within(bob).getByTestId('clan-member-avatar')).toHaveTextContent('B');
    expect(within(bob).getByText('Member')).toBeInTheDocument();
    expect(within(bob).getByTestId('clan-member-level')).toHaveTextContent('Level 7');
    expect(within(ann).getByText('Ŧ1,234.50')).toHaveClass(FIGURE_CLASS);
    const avatar = within(bob).getByTestId('clan-member-avatar');
    expect(contrastRatio(hex(avatar.style.background), hex(avatar.style.color))).toBeGreaterThanOrEqual(4.5);
    expect(initialOf('👍🏽pro')).toBe('👍🏽');
    expect(initialOf('')).toBe('?');
  });
});

describe('the type faces', () => {
  const fontsCss = () => readFileSync(join(process.cwd(), 'src/ui/fonts.css'), 'utf8');
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

  it('the theme uses the bundled Inter for the body and Exo 2 for titles, CJK falling back to system faces', () => {
    expect(theme.fontFamily).toBe(FONT_BODY);
    expect(theme.headings?.fontFamily).toBe(FONT_DISPLAY);
    expect(FONT_BODY.startsWith("'Inter Variable',")).toBe(true);
    expect(FONT_DISPLAY.startsWith("'Exo 2 Variable', 'Inter Variable',")).toBe(true);
    for (const stack of [FONT_BODY, FONT_DISPLAY]) {
      for (const cjk of ['"Hiragino Sans"', '"PingFang SC"', '"Malgun Gothic"', '"Noto Sans CJK JP"', '"Noto Sans CJK SC"', '"Noto Sans CJK KR"']) expect(stack).toContain(cjk);
      expect(stack.endsWith('sans-serif')).toBe(true);
    }
    const modalTitle = (theme.components?.Modal?.styles as { title?: { fontFamily?: string } } | undefined)?.title;
    expect(modalTitle?.fontFamily).toBe(FONT_DISPLAY);
    // the CSS variables carry the same stacks
    const css = fontsCss();
    expect(squash(/--ts-font-body:([^;]+);/.exec(css)?.[1] ?? '')).toBe(FONT_BODY);
    expect(squash(/--ts-font-display:([^;]+);/.exec(css)?.[1] ?? '')).toBe(FONT_DISPLAY);
  });

  it('declares each face with font-display swap from the package files, Latin and Cyrillic only', () => {
    const faces = [...fontsCss().matchAll(/@font-face\s*{([^}]+)}/g)].map((m) => m[1] ?? '');
    expect(faces).toHaveLength(4);
    const require = createRequire(join(process.cwd(), 'package.json'));
    const files: string[] = [];
    for (const face of faces) {
      expect(face).toMatch(/font-display:\s*swap;/);
      expect(face).toMatch(/font-family:\s*'(Exo 2|Inter) Variable';/);
      const url = /url\('([^']+)'\)/.exec(face)?.[1] ?? '';
      expect(url).toMatch(/^@fontsource-variable\/(exo-2|inter)\/files\/[\w-]+-(latin|cyrillic)-wght-normal\.woff2$/);
      expect(existsSync(require.resolve(url)), url).toBe(true);
      files.push(url);
    }
    expect(files.some((f) => f.includes('exo-2-latin'))).toBe(true);
    expect(files.some((f) => f.includes('inter-cyrillic'))).toBe(true);
  });

  it('the loading screen uses the faces through the same variables', () => {
    const loading = readFileSync(join(process.cwd(), 'src/features/loading/loadingScreen.css'), 'utf8');
    expect(loading).toMatch(/\.ls-root\s*{[^}]*font-family:\s*var\(--ts-font-body\)/);
    expect(loading).toMatch(/\.ls-title\s*{[^}]*font-family:\s*var\(--ts-font-display\)/);
    const main = readFileSync(join(process.cwd(), 'src/main.ts'), 'utf8');
    expect(main).toContain("import './ui/fonts.css';");
  });
});
