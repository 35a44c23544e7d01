import { useInsertionEffect } from 'react';

/**
 * Puts `css` in a <style id> while the component is mounted and removes it after.
 * A <style> with that id already in the page (index.html's first frame, see firstFrame.ts) is
 * adopted rather than duplicated, and removed the same way.
 */
export function useInjectedStyles(id: string, css: string): void {
  useInsertionEffect(() => {
    const existing = document.getElementById(id);
    const style = existing instanceof HTMLStyleElement ? existing : document.createElement('style');
    if (!existing) {
      style.id = id;
      style.textContent = css;
      document.head.appendChild(style);
    }
    return () => { style.remove(); };
  }, [id, css]);
}
