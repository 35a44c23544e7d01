// A stand-in for https://sdk.crazygames.com/crazygames-sdk-v3.js with the v3 SDK's shape. The
// host playground (playground/server.ts) serves it and the product loads it on a loopback page
// with ?useLocalSdk=true&crazygamesSdkUrl=<this script>; e2e specs may also serve it at the
// real SDK's address through page.route. It records every call on window.__crazyGames (the
// lifecycle's with their performance.now() in callTimes, the user module's in userCalls), lets
// the test or the portal page flip the mute setting, and signs the
// player in or out: `?user=signed-in` in this script's URL starts with a portal player signed
// in (`&name=`), and the portal page can post {crazyGamesPlayground: 'signIn' | 'signOut'} to
// the frame (addAuthListener hears both). The user token is window.__crazyGamesUserToken when a
// test set one, else a token the playground's fake portal signs (/crazygames/token).
(function () {
  var script = document.currentScript;
  var own = script && script.src ? new URL(script.src) : null;
  var calls = [];
  var listeners = [];
  var authListeners = [];
  var userCalls = [];
  var defaultName = (own && own.searchParams.get('name')) || 'Cheese';
  var makeUser = function (name) { return { username: name, profilePictureUrl: '' }; };
  var portalUser = own && own.searchParams.get('user') === 'signed-in' ? makeUser(defaultName) : null;
  var settings = { muteAudio: false, disableChat: false };
  var callTimes = [];
  var record = function (name) { return function () { calls.push(name); callTimes.push({ name: name, at: performance.now() }); }; };
  var setUser = function (user) {
    portalUser = user;
    authListeners.slice().forEach(function (l) { try { l(portalUser); } catch { /* the game's listener */ } });
  };
  window.__crazyGames = {
    calls: calls,
    callTimes: callTimes,
    userCalls: userCalls,
    setMuted: function (muted) {
      settings.muteAudio = muted;
      listeners.slice().forEach(function (l) { l({ muteAudio: settings.muteAudio, disableChat: settings.disableChat }); });
    },
    signIn: function (name) { setUser(makeUser(name || defaultName)); },
    signOut: function () { setUser(null); },
  };
  // The portal page around the game drives sign-in, sign-out and mute, as the real portal does.
  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || !event.data || typeof event.data.crazyGamesPlayground !== 'string') return;
    var what = event.data.crazyGamesPlayground;
    if (what === 'signIn') window.__crazyGames.signIn(event.data.name);
    else if (what === 'signOut') window.__crazyGames.signOut();
    else if (what === 'mute') window.__crazyGames.setMuted(Boolean(event.data.muted));
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
      init: function () { calls.push('init'); this.environment = 'local'; return Promise.resolve(); },
      game: {
        settings: settings,
        loadingStart: record('loadingStart'),
        loadingStop: record('loadingStop'),
        gameplayStart: record('gameplayStart'),
        gameplayStop: record('gameplayStop'),
        addSettingsChangeListener: function (l) { listeners.push(l); },
        removeSettingsChangeListener: function (l) { listeners = listeners.filter(function (x) { return x !== l; }); },
      },
      user: {
        isUserAccountAvailable: true,
        getUser: function () { userCalls.push('getUser'); return Promise.resolve(portalUser); },
        showAuthPrompt: function () {
          userCalls.push('showAuthPrompt');
          portalUser = makeUser(defaultName);
          return Promise.resolve(portalUser);
        },
        getUserToken: function () {
          userCalls.push('getUserToken');
          if (!portalUser) return Promise.reject(new Error('userNotAuthenticated'));
          return tokenFor(portalUser);
        },
        addAuthListener: function (l) { authListeners.push(l); },
        removeAuthListener: function (l) { authListeners = authListeners.filter(function (x) { return x !== l; }); },
      },
    },
  };
})();
