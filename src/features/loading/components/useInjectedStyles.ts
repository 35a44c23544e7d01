import { useInsertionEffect } from 'react';

/** Puts `css` in a <style id> while the component is mounted and removes it after (spec §4.1). */
export function useInjectedStyles(id: string, css: string): void {
  useInsertionEffect(() => {
    const style = document.createElement('style');
    style.id = id;
    style.textContent = css;
    document.head.appendChild(style);
    return () => { style.remove(); };
  }, [id, css]);
}
