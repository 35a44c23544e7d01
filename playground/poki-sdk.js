// A stand-in for Poki's HTML5 SDK (https://game-cdn.poki.com/scripts/v2/poki-sdk.js), with the
// documented shape of window.PokiSDK: init() (rejected when an ad blocker keeps the SDK from
// starting; the game goes on), gameLoadingFinished(), gameplayStart()/gameplayStop(),
// commercialBreak(onStart) resolving when the break is over (with or without an ad: onStart
// only when one plays), rewardedBreak({size, onStart}) resolving whether the reward was earned,
// shareableURL(params) resolving a link to the game's page with those parameters, and
// getURLParam(name) reading one on the page such a link opened (the portal page passes them on
// to the game's frame). The host playground (playground/server.ts, /poki) serves it, late or
// never when asked; the product loads it on a loopback page with ?pokiSdkUrl=<this script>.
//
// This script's own URL configures it:
//   adblock=1     init() rejects, every break resolves at once without an ad
//   ads=none      no ad to show: breaks resolve at once without onStart
//   adMs=         how long an ad plays (default 1500 ms), unless the portal page ends it first
//   portalUrl=    the game's page on Poki, for shareable links (default the parent's origin)
// It records everything on window.__poki: calls (with their performance.now() in callTimes),
// breaks, shares, and violations of Poki's rules (two gameplayStart or gameplayStop in a row,
// a gameplay event during a break or before gameLoadingFinished, a break inside a break).
// The portal page around the game (playground/poki-portal.html) hears {pokiSdk: 'adStarted' |
// 'adFinished', kind} and may post {pokiPlayground: 'finishAd', rewarded?: false} to end an ad.
(function () {
  var script = document.currentScript;
  var own = script && script.src ? new URL(script.src) : null;
  var option = function (name) { return own ? own.searchParams.get(name) : null; };
  var adblock = option('adblock') === '1';
  var noAds = option('ads') === 'none';
  var adMs = Math.max(0, Math.min(60000, Number(option('adMs')) || 1500));
  var gameQuery = new URLSearchParams(window.location.search);
  var portalUrl = option('portalUrl') || (document.referrer ? new URL(document.referrer).origin + '/' : window.location.origin + '/');
  var calls = [];
  var callTimes = [];
  var breaks = [];
  var shares = [];
  var violations = [];
  var state = { initialized: false, loadingFinished: false, playing: null, breakRunning: null };
  var toPortal = function (message) { if (window.parent !== window) window.parent.postMessage(message, '*'); };
  var record = function (name) { calls.push(name); callTimes.push({ name: name, at: performance.now() }); };
  var gameplay = function (playing) {
    var name = playing ? 'gameplayStart' : 'gameplayStop';
    record(name);
    if (state.breakRunning) violations.push(name + ' during a break');
    if (state.playing === playing) violations.push('two ' + name + ' in a row');
    if (!state.loadingFinished) violations.push(name + ' before gameLoadingFinished');
    state.playing = playing;
  };
  var runBreak = function (kind, onStart) {
    record(kind === 'rewarded' ? 'rewardedBreak' : 'commercialBreak');
    var entry = { kind: kind, events: [], rewarded: false };
    breaks.push(entry);
    if (state.breakRunning) { violations.push('a break inside a break'); return Promise.resolve(false); }
    if (adblock || noAds) { entry.events.push('none'); return Promise.resolve(false); }
    return new Promise(function (resolve) {
      state.breakRunning = entry;
      var finish = function (rewarded) {
        if (state.breakRunning !== entry) return;
        clearTimeout(entry.timer);
        state.breakRunning = null;
        entry.rewarded = kind === 'rewarded' && rewarded;
        entry.events.push('finished');
        toPortal({ pokiSdk: 'adFinished', kind: kind });
        resolve(entry.rewarded);
      };
      entry.finish = finish;
      // The ad is fetched, then plays for adMs unless the portal page ends it.
      setTimeout(function () {
        entry.events.push('started');
        toPortal({ pokiSdk: 'adStarted', kind: kind });
        if (typeof onStart === 'function') { try { onStart(); } catch (e) { console.error(e); } }
        entry.timer = setTimeout(function () { finish(true); }, adMs);
      }, 100);
    });
  };
  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || !event.data || event.data.pokiPlayground !== 'finishAd') return;
    if (state.breakRunning) state.breakRunning.finish(event.data.rewarded !== false);
  });
  window.__poki = {
    calls: calls, callTimes: callTimes, breaks: breaks, shares: shares, violations: violations, state: state,
    /** Ends the ad playing now: watched to the end (rewarded) unless `rewarded` is false. */
    finishAd: function (rewarded) { if (state.breakRunning) state.breakRunning.finish(rewarded !== false); },
  };
  window.PokiSDK = {
    init: function () {
      record('init');
      if (adblock) return Promise.reject(new Error('Poki SDK: an ad blocker is active'));
      state.initialized = true;
      return Promise.resolve();
    },
    gameLoadingFinished: function () {
      record('gameLoadingFinished');
      if (state.loadingFinished) violations.push('gameLoadingFinished twice');
      state.loadingFinished = true;
    },
    gameplayStart: function () { gameplay(true); },
    gameplayStop: function () { gameplay(false); },
    commercialBreak: function (onStart) { return runBreak('midgame', onStart).then(function () { return undefined; }); },
    rewardedBreak: function (options) {
      var onStart = typeof options === 'function' ? options : options && options.onStart;
      return runBreak('rewarded', onStart);
    },
    shareableURL: function (params) {
      record('shareableURL');
      var url = new URL(portalUrl);
      Object.keys(params || {}).forEach(function (key) { url.searchParams.set(key, String(params[key])); });
      shares.push({ params: Object.assign({}, params), link: url.href });
      return Promise.resolve(url.href);
    },
    getURLParam: function (name) { record('getURLParam'); return gameQuery.get(String(name)) || ''; },
  };
})();
