// A stand-in for https://sdk.crazygames.com/crazygames-sdk-v3.js with the v3 SDK's shape. The
// host playground (playground/server.ts) serves it and the product loads it on a loopback page
// with ?useLocalSdk=true&crazygamesSdkUrl=<this script>; e2e specs may also serve it at the
// real SDK's address through page.route. It records every call on window.__crazyGames (the
// lifecycle's with their performance.now() in callTimes, the user module's in userCalls, the
// ads' in ads and adEvents, invite links in invites, happytime in happytimes, updateRoom and
// leftRoom (null) in rooms, the data module's saves in dataSaves), lets the test or
// the portal page flip the mute and chat settings, and signs the player in or out.
//
// This script's own URL configures it (the playground sets these):
//   user=signed-in (&name=)  a portal player signed in at start
//   locale=, country=         user.systemInfo's locale (default en-US) and countryCode (US)
//   disableChat=1             game.settings.disableChat starts true
//   adblock=ads               an ad blocker: ad.hasAdblock() resolves true, every requestAd ends in adError
//   ads=unfilled              no ad to show: requestAd ends in adError {code: 'unfilled'}
//   adMs=                     how long an ad plays (default 1500 ms), unless the portal ends it first
//   instant=1                 game.isInstantMultiplayer
//   data=off                  the data module disabled (a game that did not declare saving progress)
//   portalUrl=                the portal's game page, for invite links (default this frame's parent origin)
//   orderUrl=                 where a paid Pay Station order goes (the playground's fake Xsolla:
//                             POST {sku, userId, username} -> {order_id}); unset: the order stays here
// The store module (buyItem) asks the portal to draw Xsolla's Pay Station over the game
// ({crazyGamesSdk: 'payStation', sku}); the portal answers {crazyGamesPlayground: 'payStation',
// result: 'paid' | 'closed'} (or a test calls __crazyGames.finishPurchase). buyItem resolves
// {itemId} once paid and rejects {code: 'purchaseCancelled'} when the player closed it; a guest
// is refused ({code: 'userNotAuthenticated'}), one purchase at a time ({code: 'purchaseInProgress'}).
// The game frame's own query carries the invite parameters (as the portal passes them):
// game.getInviteParam(name) and game.inviteParams read them.
//
// The portal page around the game (playground/crazygames-portal.html) posts
// {crazyGamesPlayground: 'signIn' | 'signOut' | 'mute' | 'chat' | 'finishAd' | 'adblock' | 'joinRoom'}
// to the frame, and hears {crazyGamesSdk: 'adStarted' | 'adFinished' | 'adError' |
// 'showInviteButton' | 'hideInviteButton' | 'happytime', ...} from it: it draws the ad over the
// game and the invite button in its bar, as the real portal does.
// The user token is window.__crazyGamesUserToken when a test set one, else a token the
// playground's fake portal signs (/crazygames/token).
(function () {
  var script = document.currentScript;
  var own = script && script.src ? new URL(script.src) : null;
  var option = function (name) { return own ? own.searchParams.get(name) : null; };
  var calls = [];
  var listeners = [];
  var authListeners = [];
  var joinRoomListeners = [];
  var userCalls = [];
  var defaultName = option('name') || 'Cheese';
  var makeUser = function (name) { return { username: name, profilePictureUrl: '' }; };
  var portalUser = option('user') === 'signed-in' ? makeUser(defaultName) : null;
  var settings = { muteAudio: false, disableChat: option('disableChat') === '1' };
  var callTimes = [];
  var record = function (name) { return function () { calls.push(name); callTimes.push({ name: name, at: performance.now() }); }; };
  var toPortal = function (message) {
    if (window.parent !== window) window.parent.postMessage(message, '*');
  };
  var setUser = function (user) {
    var before = portalUser ? portalUser.username : null;
    portalUser = user;
    // The account's data is in before the game hears of the sign-in (the data module's below).
    var ready = typeof switchData === 'function' && !dataOff ? switchData(before, user ? user.username : null) : Promise.resolve();
    return ready.then(function () {
      authListeners.slice().forEach(function (l) { try { l(portalUser); } catch { /* the game's listener */ } });
    });
  };
  var changeSettings = function (change) {
    Object.assign(settings, change);
    listeners.slice().forEach(function (l) { l({ muteAudio: settings.muteAudio, disableChat: settings.disableChat }); });
  };

  // ---- ads ----
  var adblock = option('adblock') === 'ads';
  var unfilled = option('ads') === 'unfilled';
  var adMs = Math.max(0, Math.min(60000, Number(option('adMs')) || 1500));
  var ads = [];
  var adEvents = [];
  var playing = null;
  var adEvent = function (ad, event, detail) {
    adEvents.push({ kind: ad.kind, event: event, at: performance.now() });
    ad.events.push(event);
    toPortal(Object.assign({ crazyGamesSdk: event, kind: ad.kind }, detail || {}));
  };
  var call = function (callbacks, name, arg) {
    var fn = callbacks && callbacks[name];
    if (typeof fn === 'function') { try { fn(arg); } catch (e) { console.error(e); } }
  };
  var endAd = function (how) {
    var ad = playing;
    if (!ad) return;
    playing = null;
    clearTimeout(ad.timer);
    if (how === 'finished') { adEvent(ad, 'adFinished'); call(ad.callbacks, 'adFinished'); }
    else { var error = { code: 'other', message: 'The ad was closed' }; adEvent(ad, 'adError', { error: error }); call(ad.callbacks, 'adError', error); }
  };
  var requestAd = function (kind, callbacks) {
    var ad = { kind: String(kind), events: [], callbacks: callbacks, timer: 0 };
    ads.push(ad);
    adEvents.push({ kind: ad.kind, event: 'requested', at: performance.now() });
    var refuse = function (error) {
      setTimeout(function () { adEvent(ad, 'adError', { error: error }); call(callbacks, 'adError', error); }, 50);
    };
    if (kind !== 'midgame' && kind !== 'rewarded') return refuse({ code: 'other', message: 'Unknown ad type ' + String(kind) });
    if (adblock) return refuse({ code: 'other', message: 'An ad blocker prevented the ad' });
    if (unfilled) return refuse({ code: 'unfilled', message: 'No ad available' });
    if (playing) return refuse({ code: 'other', message: 'An ad is already playing' });
    playing = ad;
    // The auction takes a moment; the ad then plays for adMs unless the portal ends it.
    setTimeout(function () {
      if (playing !== ad) return;
      adEvent(ad, 'adStarted');
      call(callbacks, 'adStarted');
      ad.timer = setTimeout(function () { if (playing === ad) endAd('finished'); }, adMs);
    }, 100);
  };

  // ---- invites ----
  var gameQuery = new URLSearchParams(window.location.search);
  var portalUrl = option('portalUrl') || (document.referrer ? new URL(document.referrer).origin + '/' : window.location.origin + '/');
  var invites = [];
  var happytimes = [];
  var rooms = [];
  var linkFor = function (params) {
    var url = new URL(portalUrl);
    url.searchParams.set('czy_invite', 'true');
    Object.keys(params || {}).forEach(function (key) { url.searchParams.set(key, String(params[key])); });
    return url.href;
  };
  var inviteParams = (function () {
    var out = null;
    gameQuery.forEach(function (value, key) {
      if (/^(czy_invite|useLocalSdk|crazygamesSdkUrl|completionPolicy|hookTimeoutSeconds|demoGameHook)$/.test(key)) return;
      (out = out || {})[key] = value;
    });
    return out;
  })();

  // ---- data (the v3 data module: localStorage's calls, kept by the portal) ----
  // As the real SDK's: init() preloads the game's data; writes are saved debounced by 1 s; a
  // guest's data is the portal's guest data, a signed-in player's is their account's; a guest
  // who signs in gets the account's data, or, for an account without any for this game, the
  // guest's data moves onto it; a sign-out goes back to the guest's data. The portal page
  // (playground/crazygames-portal.html) keeps it in its own storage, outside this frame: so a
  // frame refused storage keeps its data, as on the portal. data=off: a game that did not declare
  // saving progress (the module is there, its calls throw, as a disabled module's do).
  var dataOff = option('data') === 'off';
  var store = {};
  var dataSaves = [];
  var saveTimer = 0;
  var dataRequests = 0;
  var dataWaiting = {};
  var userKey = function () { return portalUser ? portalUser.username : null; };
  var askPortalData = function (user, transferFrom) {
    if (window.parent === window) return Promise.resolve({});
    var id = ++dataRequests;
    return new Promise(function (resolve) {
      var timer = setTimeout(function () { delete dataWaiting[id]; resolve({}); }, 2000);
      dataWaiting[id] = function (data) { clearTimeout(timer); resolve(data && typeof data === 'object' ? data : {}); };
      toPortal({ crazyGamesSdk: 'dataLoad', requestId: id, user: user, transferFrom: transferFrom });
    });
  };
  var flushData = function () {
    clearTimeout(saveTimer);
    saveTimer = 0;
    var copy = Object.assign({}, store);
    dataSaves.push({ user: userKey(), data: copy, at: performance.now() });
    toPortal({ crazyGamesSdk: 'dataSave', user: userKey(), data: copy });
  };
  var dataChanged = function () {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(flushData, 1000);
  };
  var usable = function () { if (dataOff) throw new Error('The data module is disabled for this game'); };
  var dataModule = {
    getItem: function (key) { usable(); key = String(key); return Object.prototype.hasOwnProperty.call(store, key) ? store[key] : null; },
    setItem: function (key, value) { usable(); store[String(key)] = String(value); dataChanged(); },
    removeItem: function (key) { usable(); delete store[String(key)]; dataChanged(); },
    clear: function () { usable(); store = {}; dataChanged(); },
  };
  /** A sign-in or sign-out: unsaved writes go to whoever they belonged to, then the new player's data. */
  var switchData = function (before, after) {
    if (saveTimer) flushData();
    return askPortalData(after, before === null && after !== null ? 'guest' : null).then(function (data) { store = data; });
  };

  window.__crazyGames = {
    calls: calls,
    callTimes: callTimes,
    userCalls: userCalls,
    ads: ads,
    adEvents: adEvents,
    invites: invites,
    happytimes: happytimes,
    rooms: rooms,
    settings: settings,
    setMuted: function (muted) { changeSettings({ muteAudio: Boolean(muted) }); },
    setChatDisabled: function (disabled) { changeSettings({ disableChat: Boolean(disabled) }); },
    setAdblock: function (on) { adblock = Boolean(on); },
    /** Ends the ad playing now: 'finished' (watched to the end) or 'closed' (adError). */
    finishAd: function (how) { endAd(how === 'closed' ? 'closed' : 'finished'); },
    /** A player already in the game follows an invite to another room (the portal tells the game). */
    joinRoom: function (params) { joinRoomListeners.slice().forEach(function (l) { try { l(params); } catch (e) { console.error(e); } }); },
    signIn: function (name) { setUser(makeUser(name || defaultName)); },
    /** Every save of the data module (after its 1 s debounce): {user, data, at}. */
    dataSaves: dataSaves,
    signOut: function () { setUser(null); },
  };
  // ---- the store module (Xsolla's Pay Station) ----
  var purchases = [];
  var paying = null;
  var xsollaTokens = 0;
  var orderFor = function (sku) {
    var order = { sku: sku, userId: 'playground-' + portalUser.username.toLowerCase(), username: portalUser.username };
    var url = option('orderUrl');
    if (!url) return Promise.resolve(Object.assign({ orderId: 'local-' + (purchases.length + 1) }, order));
    return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(order) })
      .then(function (r) { if (!r.ok) throw { code: 'purchaseFailed', message: 'Xsolla refused the order (' + r.status + ')' }; return r.json(); })
      .then(function (body) { return Object.assign({ orderId: String(body.orderId || body.order_id || '') }, order); });
  };
  var buyItem = function (sku) {
    userCalls.push('buyItem');
    if (!portalUser) return Promise.reject({ code: 'userNotAuthenticated', message: 'Only signed-in players can buy' });
    if (paying) return Promise.reject({ code: 'purchaseInProgress', message: 'A purchase is already in progress' });
    return new Promise(function (resolve, reject) {
      paying = function (how) {
        paying = null;
        if (how !== 'paid') { purchases.push({ sku: sku, result: 'closed' }); reject({ code: 'purchaseCancelled', message: 'The player closed the payment window' }); return; }
        orderFor(String(sku)).then(function (order) {
          purchases.push(Object.assign({ result: 'paid' }, order));
          resolve({ itemId: String(sku) });
        }, function (error) { purchases.push({ sku: sku, result: 'failed' }); reject(error); });
      };
      toPortal({ crazyGamesSdk: 'payStation', sku: String(sku) });
    });
  };
  window.__crazyGames.purchases = purchases;
  /** Ends the Pay Station now: 'paid' or 'closed' (the player closed it). */
  window.__crazyGames.finishPurchase = function (how) { if (paying) paying(how === 'paid' ? 'paid' : 'closed'); };

  // The portal page around the game drives sign-in, sign-out, mute, chat and the ad, as the real portal does.
  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || !event.data || typeof event.data.crazyGamesPlayground !== 'string') return;
    var what = event.data.crazyGamesPlayground;
    var api = window.__crazyGames;
    if (what === 'data') {
      var waiting = dataWaiting[event.data.requestId];
      delete dataWaiting[event.data.requestId];
      if (waiting) waiting(event.data.data);
      return;
    }
    if (what === 'signIn') api.signIn(event.data.name);
    else if (what === 'signOut') api.signOut();
    else if (what === 'mute') api.setMuted(event.data.muted);
    else if (what === 'chat') api.setChatDisabled(event.data.disabled);
    else if (what === 'adblock') api.setAdblock(event.data.on);
    else if (what === 'finishAd') api.finishAd(event.data.how);
    else if (what === 'payStation') api.finishPurchase(event.data.result);
    else if (what === 'joinRoom' && event.data.params && typeof event.data.params === 'object') api.joinRoom(event.data.params);
  });
  var tokenFor = function (user) {
    if (window.__crazyGamesUserToken) return Promise.resolve(window.__crazyGamesUserToken);
    if (!own || !/^(localhost|127\.0\.0\.1)$/.test(own.hostname)) return Promise.resolve('fake.portal.token');
    var url = new URL('/crazygames/token', own.origin);
    url.searchParams.set('userId', 'playground-' + user.username.toLowerCase());
    url.searchParams.set('username', user.username);
    return fetch(url.href).then(function (r) { return r.json(); }).then(function (body) { return body.token; });
  };
  window.CrazyGames = {
    SDK: {
      environment: 'uninitialized',
      init: function () {
        calls.push('init');
        // The data module preloads the game's data here, as the real SDK's init() does.
        return (dataOff ? Promise.resolve({}) : askPortalData(userKey(), null)).then(function (data) { store = data; window.CrazyGames.SDK.environment = 'local'; });
      },
      data: dataModule,
      store: { buyItem: buyItem },
      ad: {
        requestAd: requestAd,
        hasAdblock: function () { return Promise.resolve(adblock); },
      },
      game: {
        settings: settings,
        isInstantMultiplayer: option('instant') === '1',
        inviteParams: inviteParams,
        loadingStart: record('loadingStart'),
        loadingStop: record('loadingStop'),
        gameplayStart: record('gameplayStart'),
        gameplayStop: record('gameplayStop'),
        happytime: function () { happytimes.push(performance.now()); toPortal({ crazyGamesSdk: 'happytime' }); },
        inviteLink: function (params) { var link = linkFor(params); invites.push({ params: params, link: link }); return link; },
        getInviteParam: function (name) { return gameQuery.get(String(name)); },
        showInviteButton: function (params) {
          var link = linkFor(params);
          invites.push({ params: params, link: link, button: true });
          toPortal({ crazyGamesSdk: 'showInviteButton', link: link });
          return link;
        },
        hideInviteButton: function () { toPortal({ crazyGamesSdk: 'hideInviteButton' }); },
        updateRoom: function (room) { rooms.push(Object.assign({}, room)); },
        leftRoom: function () { rooms.push(null); },
        addSettingsChangeListener: function (l) { listeners.push(l); },
        removeSettingsChangeListener: function (l) { listeners = listeners.filter(function (x) { return x !== l; }); },
        addJoinRoomListener: function (l) { joinRoomListeners.push(l); },
        removeJoinRoomListener: function (l) { joinRoomListeners = joinRoomListeners.filter(function (x) { return x !== l; }); },
      },
      user: {
        isUserAccountAvailable: true,
        systemInfo: {
          countryCode: option('country') || 'US',
          locale: option('locale') || 'en-US',
          device: { type: /Mobi/.test(navigator.userAgent) ? 'mobile' : 'desktop' },
          os: { name: 'Linux', version: '' },
          browser: { name: 'Chrome', version: '' },
          applicationType: 'web',
        },
        getUser: function () { userCalls.push('getUser'); return Promise.resolve(portalUser); },
        showAuthPrompt: function () {
          userCalls.push('showAuthPrompt');
          toPortal({ crazyGamesSdk: 'authPrompt' });
          // The player signs in in the portal's prompt: a sign-in like the portal bar's.
          return setUser(makeUser(defaultName)).then(function () { return portalUser; });
        },
        getUserToken: function () {
          userCalls.push('getUserToken');
          if (!portalUser) return Promise.reject(new Error('userNotAuthenticated'));
          return tokenFor(portalUser);
        },
        getXsollaUserToken: function () {
          userCalls.push('getXsollaUserToken');
          if (!portalUser) return Promise.reject({ code: 'userNotAuthenticated', message: 'Only signed-in players have an Xsolla token' });
          xsollaTokens += 1;
          // Short-lived, for the portal's user id (the real one is Xsolla's JWT for the CrazyGames user).
          var claims = { sub: 'playground-' + portalUser.username.toLowerCase(), exp: Math.floor(Date.now() / 1000) + 3600, n: xsollaTokens };
          return Promise.resolve('xsolla.' + btoa(JSON.stringify(claims)) + '.playground');
        },
        addAuthListener: function (l) { authListeners.push(l); },
        removeAuthListener: function (l) { authListeners = authListeners.filter(function (x) { return x !== l; }); },
      },
    },
  };
})();
