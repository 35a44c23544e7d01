// A stand-in for https://sdk.crazygames.com/crazygames-sdk-v3.js with the v3 SDK's shape, served
// by page.route in tests/e2e/shell-hosts.spec.ts. It records every call on window.__crazyGames
// and lets the test flip the portal's mute setting.
(function () {
  var calls = [];
  var listeners = [];
  var settings = { muteAudio: false, disableChat: false };
  var record = function (name) { return function () { calls.push(name); }; };
  window.__crazyGames = {
    calls: calls,
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
        getUser: function () { return Promise.resolve(null); },
        showAuthPrompt: function () { return Promise.resolve({ username: 'Cheese', profilePictureUrl: '' }); },
        getUserToken: function () { return Promise.resolve('fake.portal.token'); },
      },
    },
  };
})();
