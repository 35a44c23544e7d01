// Accessibility helpers for the end-to-end suite. Every overlay and modal test calls them on
// what it opened:
//
//   await expectNoSeriousViolations(page, '[role="dialog"]');   // axe-core, WCAG 2.x A/AA
//   await expectKeyboardReachable(page, '[role="dialog"]');     // every control reachable by Tab
//
// Both take an optional CSS selector to scope the check to the overlay; without one they check
// the whole page. The non-throwing variants return what they found (for self-checks).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface Finding { rule: string; impact: string; help: string; targets: string[] }

/**
 * Waits for the page's finite animations and transitions (a dialog fading and scaling in, a
 * section opening) to end: axe reads colours as drawn, and a dialog caught mid-fade has text at
 * part opacity, which it reports as low contrast. Endless ones (spinners) are left running; the
 * wait is capped, so a page that keeps starting transitions is checked as it stands.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await frame();
    const finite = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    const cap = new Promise((resolve) => setTimeout(resolve, 2_000));
    await Promise.race([Promise.allSettled(finite.map((a) => a.finished)), cap]);
  });
}

/** axe-core violations of impact "serious" or "critical" within `context` (or the page). */
export async function seriousViolations(page: Page, context?: string): Promise<Finding[]> {
  await settle(page);
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (context) builder = builder.include(context);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

export async function expectNoSeriousViolations(page: Page, context?: string): Promise<void> {
  const found = await seriousViolations(page, context);
  expect(found, found.map((f) => `${f.impact} ${f.rule}: ${f.help} at ${f.targets.join(', ')}`).join('\n')).toEqual([]);
}

/** What a person can operate: the elements that must be reachable by keyboard. */
const INTERACTIVE = [
  'a[href]', 'button', 'input:not([type="hidden"])', 'select', 'textarea', 'summary', '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])', '[role="button"]', '[role="link"]', '[role="checkbox"]', '[role="switch"]',
  '[role="tab"]', '[role="menuitem"]', '[role="slider"]', '[role="option"]', '[role="radio"]', '[role="combobox"]',
].join(', ');

/**
 * Interactive elements inside `scope` that pressing Tab never focuses (a div made clickable
 * without a tabindex, a control with tabindex="-1", one behind a focus trap, a page whose key
 * handler swallows Tab). The whole page is tabbed from the top; a scoped overlay from wherever
 * it put the focus when it opened.
 * Returns a description of each; empty when everything is reachable.
 */
export async function unreachableByKeyboard(page: Page, scope = 'body'): Promise<string[]> {
  const count = await page.evaluate(({ scope: sel, interactive }) => {
    const root = document.querySelector(sel);
    if (!root) throw new Error(`no element matches ${sel}`);
    const usable = (el: Element) => {
      const html = el as HTMLElement;
      if ((html as HTMLButtonElement).disabled || el.closest('[inert], [aria-hidden="true"]')) return false;
      const style = getComputedStyle(html);
      return html.getClientRects().length > 0 && style.visibility !== 'hidden';
    };
    let n = 0;
    // A radio group is one Tab stop (arrow keys move within it): its radios share one id, so
    // reaching the checked one reaches the group.
    const radioGroups = new Map<string, string>();
    for (const el of root.querySelectorAll(interactive)) {
      if (!usable(el)) continue;
      const radioName = el instanceof HTMLInputElement && el.type === 'radio' && el.name ? el.name : null;
      if (radioName && radioGroups.has(radioName)) { el.setAttribute('data-kbd-check', radioGroups.get(radioName)!); continue; }
      const id = String(n++);
      if (radioName) radioGroups.set(radioName, id);
      el.setAttribute('data-kbd-check', id);
    }
    // A whole page is tabbed from the top; an overlay from where it put the focus when it
    // opened (a modal must move focus into itself, and we do not undo that).
    if (sel === 'body') (document.activeElement as HTMLElement | null)?.blur();
    return n;
  }, { scope, interactive: INTERACTIVE });

  const seen = new Set<string>();
  for (let i = 0; i < count * 2 + 5 && seen.size < count; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => document.activeElement?.closest('[data-kbd-check]')?.getAttribute('data-kbd-check') ?? null);
    if (id !== null) seen.add(id);
  }
  return page.evaluate((reached) => {
    const missing: string[] = [];
    for (const el of document.querySelectorAll('[data-kbd-check]')) {
      if (!reached.includes(el.getAttribute('data-kbd-check') ?? '')) {
        const label = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40);
        missing.push(`<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${label}"`);
      }
      el.removeAttribute('data-kbd-check');
    }
    return missing;
  }, [...seen]);
}

export async function expectKeyboardReachable(page: Page, scope?: string): Promise<void> {
  const missing = await unreachableByKeyboard(page, scope);
  expect(missing, `not reachable by Tab:\n${missing.join('\n')}`).toEqual([]);
}
