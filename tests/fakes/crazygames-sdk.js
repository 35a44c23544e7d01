// A stand-in for https://sdk.crazygames.com/crazygames-sdk-v3.js with the v3 SDK's shape, served
// by page.route in tests/e2e/shell-hosts.spec.ts and accounts-hosts.spec.ts. It records every
// call on window.__crazyGames (the user module's in userCalls), lets the test flip the portal's
// mute setting, and hands out window.__crazyGamesUserToken (a JWT the test signed with the fake
// portal key) as the portal user's token once the auth prompt signed the player in.
(function () {
  var calls = [];
  var listeners = [];
  var userCalls = [];
  var portalUser = null;
  var settings = { muteAudio: false, disableChat: false };
  var record = function (name) { return function () { calls.push(name); }; };
  window.__crazyGames = {
    calls: calls,
    userCalls: userCalls,
    setMuted: function (muted) {
      settings.muteAudio = muted;
      listeners.slice().forEach(function (l) { l({ muteAudio: settings.muteAudio, disableChat: settings.disableChat }); });
    },
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
          portalUser = { username: 'Cheese', profilePictureUrl: '' };
          return Promise.resolve(portalUser);
        },
        getUserToken: function () {
          userCalls.push('getUserToken');
          if (!portalUser) return Promise.reject(new Error('userNotAuthenticated'));
          return Promise.resolve(window.__crazyGamesUserToken || 'fake.portal.token');
        },
      },
    },
  };
})();
