// HUD styles, injected as one <style> element (the build is a single script, like a Unity
// framework file, so there is no separate CSS file to load). Every class starts with dg-.
export const HUD_STYLE_ID = 'demo-game-hud-style';

export const HUD_CSS = `
.dg-hud { position: absolute; overflow: hidden; pointer-events: none; user-select: none;
  font: 500 13px/1.35 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #f4f6fb;
  text-shadow: 0 1px 2px rgba(0,0,0,.8); }
.dg-hud button { pointer-events: auto; font: inherit; color: #f4f6fb; background: rgba(18,22,32,.78);
  border: 1px solid rgba(255,255,255,.28); border-radius: 6px; padding: 5px 10px; cursor: pointer; text-shadow: none; }
.dg-hud button:hover { background: rgba(48,58,84,.9); }
.dg-hud button:focus-visible { outline: 2px solid #f2b134; outline-offset: 1px; }
.dg-top-left { position: absolute; top: 10px; left: 12px; display: grid; gap: 2px; max-width: calc(100% - 190px); }
.dg-title { font-weight: 700; font-size: 14px; letter-spacing: .02em; }
.dg-top-right { position: absolute; top: 10px; right: 12px; display: flex; gap: 10px; align-items: center; }
.dg-fps { font: 700 13px/1 ui-monospace, Menlo, Consolas, monospace; color: #9dff9d; background: rgba(0,0,0,.45);
  padding: 4px 7px; border-radius: 4px; }
.dg-crosshair { position: absolute; left: 50%; top: 50%; width: 0; height: 0; }
.dg-ch-part { position: absolute; background: #fff; box-shadow: 0 0 0 1px rgba(0,0,0,.65); }
.dg-ch-dot { border-radius: 50%; }
.dg-ch-ring { background: transparent; border: 2px solid #fff; border-radius: 50%; box-sizing: border-box;
  box-shadow: 0 0 0 1px rgba(0,0,0,.5), inset 0 0 0 1px rgba(0,0,0,.5); }
.dg-ch-diamond { background: transparent; border: 2px solid #fff; box-sizing: border-box; transform: rotate(45deg); }
.dg-crosshair.dg-firing .dg-ch-part { background-color: #ffd27a; }
.dg-log { position: absolute; left: 12px; bottom: 38px; display: grid; gap: 2px; max-width: min(60%, 520px); }
.dg-log-line { background: rgba(0,0,0,.38); padding: 2px 7px; border-radius: 4px; justify-self: start; }
.dg-help { position: absolute; left: 0; right: 0; bottom: 10px; text-align: center; font-size: 12px; opacity: .92; padding: 0 8px; }
.dg-prompt { position: absolute; left: 50%; top: calc(50% + 40px); transform: translateX(-50%);
  background: rgba(0,0,0,.5); padding: 4px 12px; border-radius: 999px; font-size: 12px; }
.dg-menu { position: absolute; top: 48px; right: 12px; bottom: 40px; width: min(340px, calc(100% - 24px)); overflow-y: auto;
  pointer-events: auto; background: rgba(10,14,22,.9); border: 1px solid rgba(255,255,255,.18); border-radius: 10px; padding: 12px; }
.dg-menu h2 { font-size: 15px; margin: 0 0 8px; }
.dg-menu h3 { font-size: 12px; margin: 12px 0 6px; text-transform: uppercase; letter-spacing: .06em; opacity: .8; }
.dg-menu-buttons { display: flex; flex-wrap: wrap; gap: 6px; }
.dg-ad { position: absolute; left: 50%; top: 35%; transform: translateX(-50%); background: rgba(0,0,0,.7);
  padding: 10px 18px; border-radius: 8px; font-size: 15px; font-weight: 700; }
.dg-hud [hidden] { display: none !important; }
/* On phones the help line takes two lines: keep the log above it. */
@media (max-width: 700px) { .dg-log { bottom: 58px; } }
`;
