// TripShell.jslib: the game -> shell half of TripShell's contract (contract/game.ts), for a Unity
// WebGL build. Copy this file to Assets/Plugins/WebGL/ and WebBridge.cs to Assets/Scripts/; C#
// calls these functions through WebBridge's [DllImport("__Internal")] declarations.
//
// The shell defines its hooks on `window` (GAME_HOOKS) before the game loads, and listens for
// window messages from its own page (the SHOW_* triggers). Every function here is safe outside
// the shell (Unity's own template, the Editor's Build And Run): a missing hook is one console
// warning, never an exception inside the game loop.
// tests/unit/unity-bridge.test.ts evaluates this file and keeps it in step with contract/game.ts.
mergeInto(LibraryManager.library, {
  // --- loading -------------------------------------------------------------------------------
  /** The game finished loading and shows its first frame: the shell hides its loading screen. */
  TripShell_LoadingComplete: function () {
    if (typeof window.unityLoadingComplete === 'function') window.unityLoadingComplete();
    else console.warn('TripShell: window.unityLoadingComplete is missing (not running inside the shell?)');
  },

  /**
   * WebBridge's receiver exists (called once from its Awake): until then the shell sends the game
   * nothing (a build without WebBridge would log "SendMessage: object WebBridge not found!" per
   * message); then it delivers what it held, in order.
   */
  TripShell_ReceiverReady: function () {
    if (typeof window.tripShellReceiverReady === 'function') window.tripShellReceiverReady();
    else console.warn('TripShell: window.tripShellReceiverReady is missing (not running inside the shell?)');
  },

  // --- overlays ------------------------------------------------------------------------------
  /** Opens the settings overlay, on a section when given ("" for the default). */
  TripShell_ShowSettings: function (sectionPtr) {
    var section = sectionPtr ? UTF8ToString(sectionPtr) : '';
    if (typeof window.showSettings === 'function') { if (section) window.showSettings(section); else window.showSettings(); }
    else console.warn('TripShell: window.showSettings is missing');
  },
  /** Opens a player's profile (their uuid), or the current player's ("" ). */
  TripShell_ShowProfile: function (uuidPtr) {
    var uuid = uuidPtr ? UTF8ToString(uuidPtr) : '';
    if (typeof window.showProfile === 'function') { if (uuid) window.showProfile(uuid); else window.showProfile(); }
    else console.warn('TripShell: window.showProfile is missing');
  },
  TripShell_ShowReleaseLogs: function () {
    if (typeof window.showReleaseLogs === 'function') window.showReleaseLogs();
    else console.warn('TripShell: window.showReleaseLogs is missing');
  },
  TripShell_ShowLevelProgress: function () {
    if (typeof window.showLevelProgress === 'function') window.showLevelProgress();
    else console.warn('TripShell: window.showLevelProgress is missing');
  },
  /** Closes whatever overlay or modal is open (the shell then sends OnOverlayClosed). */
  TripShell_HideOverlay: function () {
    if (typeof window.hideOverlay === 'function') window.hideOverlay();
    else console.warn('TripShell: window.hideOverlay is missing');
  },

  // --- triggers ------------------------------------------------------------------------------
  /**
   * Posts one of the contract's window messages to the shell (SHOW_MARKETPLACE_MODAL,
   * SHOW_CRATE_SHOP_MODAL, ...): `json` is the message object, e.g.
   * {"type":"SHOW_MARKETPLACE_MODAL","modalType":"buy","itemUuid":"..."}. The game and the shell
   * share one page, so the message goes to this window, addressed to its own origin.
   */
  TripShell_PostMessage: function (jsonPtr) {
    var text = UTF8ToString(jsonPtr);
    var message;
    try { message = JSON.parse(text); } catch (e) { console.warn('TripShell: not JSON, not posted: ' + text); return; }
    window.postMessage(message, window.location.origin);
  },

  /** Opens the player's Inventory overlay (SHOW_INVENTORY) on its tab: "items" (default) or "history". */
  TripShell_ShowInventory: function (tabPtr) {
    var tab = tabPtr ? UTF8ToString(tabPtr) : '';
    window.postMessage(tab ? { type: 'SHOW_INVENTORY', tab: tab } : { type: 'SHOW_INVENTORY' }, window.location.origin);
  },

  // --- bot check -----------------------------------------------------------------------------
  /**
   * Asks the shell for a bot-check token (it may take up to 30 s). The answer comes back as
   * SendMessage('WebBridge', 'OnBotCheckToken', token), or 'OnBotCheckTokenFailed' with a reason.
   */
  TripShell_RequestBotCheckToken: function () {
    var send = function (method, value) {
      if (typeof SendMessage === 'function') SendMessage('WebBridge', method, value);
      else if (window.unityInstance) window.unityInstance.SendMessage('WebBridge', method, value);
    };
    var hook = window.requestTurnstileToken;
    if (typeof hook !== 'function') { send('OnBotCheckTokenFailed', 'window.requestTurnstileToken is missing'); return; }
    var pending;
    try { pending = Promise.resolve(hook()); } catch (error) { pending = Promise.reject(error); }
    pending.then(
      function (token) { send('OnBotCheckToken', String(token)); },
      function (error) { send('OnBotCheckTokenFailed', String((error && error.message) || error || 'no token')); }
    );
  },

  // --- events --------------------------------------------------------------------------------
  /**
   * A game event for the shell's listeners: dispatchReactUnityEvent(name, ...args), the
   * react-unity-webgl convention. `argsJson` is a JSON array of the arguments ("[]" for none).
   */
  TripShell_DispatchEvent: function (namePtr, argsJsonPtr) {
    var name = UTF8ToString(namePtr);
    var args = [];
    if (argsJsonPtr) {
      try { args = JSON.parse(UTF8ToString(argsJsonPtr)); } catch (e) { args = []; }
      if (!Array.isArray(args)) args = [args];
    }
    if (typeof window.dispatchReactUnityEvent === 'function') window.dispatchReactUnityEvent.apply(window, [name].concat(args));
    else console.warn('TripShell: window.dispatchReactUnityEvent is missing');
  },

  // --- host API (contract/hostApi.ts) ------------------------------------------------------------
  /**
   * One call of the host API: `json` is a HostCall ({"call":"invite","roomId":"r1"}, ...). The
   * shell's window.tripHostCall answers it; when it settles the answer goes back as
   * SendMessage('WebBridge', 'OnHostAnswer', JSON {requestId, status, value | reason}), and
   * WebBridge hands it to the callback waiting on `requestId`. Every call gets exactly one
   * answer: without the shell (or if the hook throws) it is {status: "unavailable", reason}.
   * Text that is not JSON is passed on as it is: the shell answers what is wrong with it.
   */
  TripShell_HostCall: function (requestIdPtr, jsonPtr) {
    var requestId = UTF8ToString(requestIdPtr);
    var text = jsonPtr ? UTF8ToString(jsonPtr) : '';
    var send = function (answer) {
      var message = JSON.stringify(Object.assign({}, answer, { requestId: requestId }));
      if (typeof SendMessage === 'function') SendMessage('WebBridge', 'OnHostAnswer', message);
      else if (window.unityInstance) window.unityInstance.SendMessage('WebBridge', 'OnHostAnswer', message);
    };
    var unavailable = function (reason) { send({ status: 'unavailable', reason: String(reason).slice(0, 300) }); };
    var request;
    try { request = JSON.parse(text); } catch (e) { request = text; }
    var hook = window.tripHostCall;
    if (typeof hook !== 'function') { unavailable('window.tripHostCall is missing (not running inside the shell?)'); return; }
    var pending;
    try { pending = Promise.resolve(hook(request)); } catch (error) { pending = Promise.reject(error); }
    pending.then(
      function (answer) {
        if (answer && typeof answer === 'object' && typeof answer.status === 'string') send(answer);
        else unavailable('the shell gave no answer');
      },
      function (error) { unavailable((error && error.message) || error || 'the host call failed'); }
    );
  },
});
