// WebBridge.cs: the shell -> game half of TripShell's contract (contract/game.ts), and typed C#
// calls for the game -> shell half (TripShell.jslib). Copy it to Assets/Scripts/ and
// TripShell.jslib to Assets/Plugins/WebGL/.
//
// The shell calls unityInstance.SendMessage("WebBridge", <method>, <argument>) for every
// SHELL_TO_GAME method: this MonoBehaviour has a public receiver for each of them and raises a
// C# event your game code subscribes to. A GameObject named "WebBridge" carrying it is created
// before the first scene loads, so no scene needs editing (if your scene already has one, that
// one is used). Arguments are strings; structured ones are JSON.
// tests/unit/unity-bridge.test.ts keeps the receivers in step with contract/game.ts.
using System;
using System.Runtime.InteropServices;
using UnityEngine;

public class WebBridge : MonoBehaviour
{
    /// <summary>The GameObject name the shell sends to (GAME_OBJECT in contract/game.ts).</summary>
    public const string GameObjectName = "WebBridge";

    public static WebBridge Instance { get; private set; }

    // ---- shell -> game: subscribe to these ----------------------------------------------

    /// <summary>One setting changed: JSON {"name": ..., "value": ...}.</summary>
    public static event Action<string> SettingChanged;
    /// <summary>The settings overlay closed.</summary>
    public static event Action SettingsClosed;
    /// <summary>The whole settings object as JSON, once after loading.</summary>
    public static event Action<string> AllSettings;
    /// <summary>Re-bootstrap the player (after account, clan or wallet changes).</summary>
    public static event Action BootstrapRequested;
    /// <summary>Who is playing now, as JSON (after login, signup, logout).</summary>
    public static event Action<string> UserData;
    /// <summary>Marketplace data changed.</summary>
    public static event Action MarketplaceChanged;
    /// <summary>Fetch fresh data for an item: JSON {"itemUuid": ...}.</summary>
    public static event Action<string> ItemData;
    /// <summary>A crate purchase or airdrop claim succeeded: JSON {"quantity": n, "crateVersionId": n}.</summary>
    public static event Action<string> BuySuccess;
    /// <summary>An overlay or modal closed: its name ("settings", "marketplace", ...).</summary>
    public static event Action<string> OverlayClosed;
    /// <summary>The host muted (true) or unmuted (false) the game's audio.</summary>
    public static event Action<bool> AudioMuted;
    /// <summary>The answer to RequestBotCheckToken: a token, or null with the reason.</summary>
    public static event Action<string, string> BotCheckToken;

    [RuntimeInitializeOnLoadMethod(RuntimeInitializeLoadType.BeforeSceneLoad)]
    private static void CreateBridge()
    {
        if (GameObject.Find(GameObjectName) != null) return;
        var bridge = new GameObject(GameObjectName);
        bridge.AddComponent<WebBridge>();
    }

    private void Awake()
    {
        if (Instance != null && Instance != this) { Destroy(this); return; }
        Instance = this;
        gameObject.name = GameObjectName;
        DontDestroyOnLoad(gameObject);
        // The receiver exists: the shell sends nothing before this, then everything it held, in order.
        TripShell_ReceiverReady();
    }

    // Receivers: one public method per SHELL_TO_GAME method, named exactly as the shell sends it.
    // Methods the shell calls without an argument take none.

    public void OnSettingChanged(string json) { SettingChanged?.Invoke(json); }
    public void OnSettingsClosed() { SettingsClosed?.Invoke(); }
    public void OnAllSettings(string json) { AllSettings?.Invoke(json); }
    public void Bootstrap() { BootstrapRequested?.Invoke(); }
    public void OnUserData(string json) { UserData?.Invoke(json); }
    public void RefreshMarketplace() { MarketplaceChanged?.Invoke(); }
    public void OnItemData(string json) { ItemData?.Invoke(json); }
    public void OnBuySuccess(string json) { BuySuccess?.Invoke(json); }
    public void OnOverlayClosed(string name) { OverlayClosed?.Invoke(name); }
    public void OnAudioMuted(string json) { AudioMuted?.Invoke(json == "true"); }
    public void OnBotCheckToken(string token) { BotCheckToken?.Invoke(token, null); }
    public void OnBotCheckTokenFailed(string reason) { BotCheckToken?.Invoke(null, reason); }

    // ---- game -> shell: call these --------------------------------------------------------

#if UNITY_WEBGL && !UNITY_EDITOR
    [DllImport("__Internal")] private static extern void TripShell_LoadingComplete();
    [DllImport("__Internal")] private static extern void TripShell_ReceiverReady();
    [DllImport("__Internal")] private static extern void TripShell_ShowSettings(string section);
    [DllImport("__Internal")] private static extern void TripShell_ShowProfile(string uuid);
    [DllImport("__Internal")] private static extern void TripShell_ShowReleaseLogs();
    [DllImport("__Internal")] private static extern void TripShell_ShowLevelProgress();
    [DllImport("__Internal")] private static extern void TripShell_HideOverlay();
    [DllImport("__Internal")] private static extern void TripShell_PostMessage(string json);
    [DllImport("__Internal")] private static extern void TripShell_RequestBotCheckToken();
    [DllImport("__Internal")] private static extern void TripShell_DispatchEvent(string name, string argsJson);
    [DllImport("__Internal")] private static extern void TripShell_ShowInventory(string tab);
#else
    // In the Editor and on other platforms there is no shell: the calls only log.
    private static void TripShell_LoadingComplete() { Debug.Log("TripShell: LoadingComplete"); }
    private static void TripShell_ReceiverReady() { Debug.Log("TripShell: ReceiverReady"); }
    private static void TripShell_ShowSettings(string section) { Debug.Log("TripShell: ShowSettings " + section); }
    private static void TripShell_ShowProfile(string uuid) { Debug.Log("TripShell: ShowProfile " + uuid); }
    private static void TripShell_ShowReleaseLogs() { Debug.Log("TripShell: ShowReleaseLogs"); }
    private static void TripShell_ShowLevelProgress() { Debug.Log("TripShell: ShowLevelProgress"); }
    private static void TripShell_HideOverlay() { Debug.Log("TripShell: HideOverlay"); }
    private static void TripShell_PostMessage(string json) { Debug.Log("TripShell: PostMessage " + json); }
    private static void TripShell_RequestBotCheckToken() { BotCheckToken?.Invoke(null, "no shell outside WebGL"); }
    private static void TripShell_DispatchEvent(string name, string argsJson) { Debug.Log("TripShell: DispatchEvent " + name + " " + argsJson); }
    private static void TripShell_ShowInventory(string tab) { Debug.Log("TripShell: PostMessage {\"type\":\"SHOW_INVENTORY\",\"tab\":\"" + tab + "\"}"); }
#endif

    /// <summary>Call once the first frame is on screen: the shell hides its loading screen.</summary>
    public static void LoadingComplete() { TripShell_LoadingComplete(); }
    /// <summary>Opens settings, on a section ("controls", "accounts", ...) or the default one.</summary>
    public static void ShowSettings(string section = "") { TripShell_ShowSettings(section ?? ""); }
    /// <summary>Opens a player's profile by uuid, or the current player's.</summary>
    public static void ShowProfile(string uuid = "") { TripShell_ShowProfile(uuid ?? ""); }
    public static void ShowReleaseLogs() { TripShell_ShowReleaseLogs(); }
    public static void ShowLevelProgress() { TripShell_ShowLevelProgress(); }
    public static void HideOverlay() { TripShell_HideOverlay(); }
    /// <summary>Asks for a bot-check token; the answer arrives on the BotCheckToken event.</summary>
    public static void RequestBotCheckToken() { TripShell_RequestBotCheckToken(); }
    /// <summary>A game event for the shell (argsJson: a JSON array, "[]" for none).</summary>
    public static void DispatchEvent(string name, string argsJson = "[]") { TripShell_DispatchEvent(name, argsJson); }
    /// <summary>Opens the player's Inventory (tab "items", or "history" for the ledger history).</summary>
    public static void ShowInventory(string tab = "") { TripShell_ShowInventory(tab ?? ""); }

    // The window-message triggers (GameMessage in contract/game.ts), one per type.

    /// <summary>modalType: "transfer", "buy" or "sell".</summary>
    public static void ShowMarketplaceModal(string modalType, string itemUuid = null)
    {
        Post("{\"type\":\"SHOW_MARKETPLACE_MODAL\",\"modalType\":" + Quote(modalType) + (itemUuid != null ? ",\"itemUuid\":" + Quote(itemUuid) : "") + "}");
    }
    /// <summary>removedItemsJson: a JSON array of {"itemUuid","name","quantity"}.</summary>
    public static void ShowRemovedItemsModal(string removedItemsJson = "[]")
    {
        Post("{\"type\":\"SHOW_REMOVED_ITEMS_MODAL\",\"removedItems\":" + removedItemsJson + "}");
    }
    public static void ShowCoinflipModal() { Post("{\"type\":\"SHOW_COINFLIP_MODAL\",\"modalType\":\"create\"}"); }
    /// <summary>The Get TripCoins overlay: TripCoin packs for real money, bought through the host's own flow.</summary>
    public static void ShowGetTripCoins() { Post("{\"type\":\"SHOW_GET_TRIPCOINS\"}"); }
    /// <summary>The Leaderboard overlay. period: "week" or "all"; scope: "global", "clan" or "friends"; stat: "wins", "kills", ... (null: the server's first).</summary>
    public static void ShowLeaderboard(string period = "week", string scope = "global", string stat = null)
    {
        Post("{\"type\":\"SHOW_LEADERBOARD\",\"period\":" + Quote(period) + ",\"scope\":" + Quote(scope) + (stat != null ? ",\"stat\":" + Quote(stat) : "") + "}");
    }
    /// <summary>crateVersionId: 0 or 1.</summary>
    public static void ShowCrateShopModal(int crateVersionId = 0) { Post("{\"type\":\"SHOW_CRATE_SHOP_MODAL\",\"crateVersionId\":" + crateVersionId + "}"); }
    public static void ShowCrateOpenModal() { Post("{\"type\":\"SHOW_CRATE_OPEN_MODAL\"}"); }
    public static void ShowSorryPopup() { Post("{\"type\":\"SHOW_SORRY_POPUP\"}"); }
    /// <summary>modalType: "buyConfirm" or "cancelConfirm".</summary>
    public static void ShowMarketplaceListingModal(string listingId, string modalType)
    {
        Post("{\"type\":\"SHOW_MARKETPLACE_LISTING_MODAL\",\"listingId\":" + Quote(listingId) + ",\"modalType\":" + Quote(modalType) + "}");
    }
    public static void ShowMythicalBridgeModal() { Post("{\"type\":\"SHOW_MYTHICAL_BRIDGE_MODAL\"}"); }
    /// <summary>The daily spin needs a verified Discord account.</summary>
    public static void DailySpinNotVerified() { Post("{\"type\":\"daily spin not verified\"}"); }
    /// <summary>Opens the sign-in modal: mode "login" or "signup".</summary>
    public static void SwitchAuthMode(string mode) { Post("{\"type\":\"switchAuthMode\",\"mode\":" + Quote(mode) + "}"); }
    /// <summary>A wallet notification (usually posted by a partner page around the shell).</summary>
    public static void WalletNotification(bool wasError, string title, string message)
    {
        Post("{\"type\":\"WALLET_NOTIFICATION\",\"walletData\":{\"wasError\":" + (wasError ? "true" : "false") + ",\"notifTitle\":" + Quote(title) + ",\"notifMessage\":" + Quote(message) + "}}");
    }
    /// <summary>The Discord account decision for a Discord identity without an account.</summary>
    public static void ShowDiscordFusionModal(string discordUserId, string discordUsername, string suggestedUsername = null)
    {
        Post("{\"type\":\"showDiscordFusionModal\",\"discordUser\":{\"id\":" + Quote(discordUserId) + ",\"username\":" + Quote(discordUsername) + "}"
            + (suggestedUsername != null ? ",\"suggestedUsername\":" + Quote(suggestedUsername) : "") + "}");
    }

    /// <summary>Any trigger as raw JSON (for fields the helpers above do not take).</summary>
    public static void Post(string json) { TripShell_PostMessage(json); }

    // ---- host API (contract/hostApi.ts): what the host the shell runs in offers ----------------
    //
    // Calls: each takes a callback that gets exactly one HostResult: Done (with Value),
    // Cancelled (the player said no) or Unavailable (with Reason: this host has no such power,
    // an ad blocker, the host did not answer in time...). Never a hang: the shell bounds every call.
    // Events: subscribe to PartyChanged, JoinRoom, AdStarted/AdFinished, HappyTime, ChatEnabled,
    // LocaleChanged, StoragePersistent, PurchaseChanged, FeaturesChanged. The shell sends them as OnHostEvent JSON.

    [Serializable] public class HostCapabilities
    {
        public string host; // "web", "discord", "crazygames" or "poki"
        public bool invite; public bool party; public bool presence; public bool ads;
        public bool happyTime; public bool chatSetting; public bool locale; public bool joinRoom;
        /// <summary>The host sells TripCoin packs (Products and Purchase can be Done for a signed-in player).</summary>
        public bool purchases;
        /// <summary>The signed-in player's hold on value leaving them (null: none): grey out giving,
        /// listing and the bridge until it ends. Receiving, playing and the shop are never held.</summary>
        public TradeHold tradeHold;
        /// <summary>What this host's rules and the studio's switches allow here now: a feature that is
        /// false is refused by the server, so hide its buttons. Changes arrive as FeaturesChanged.</summary>
        public FeatureFlags features;
    }
    /// <summary>Each feature on (true) or off (false) for this player in this host.</summary>
    [Serializable] public class FeatureFlags
    {
        public bool coinflip; public bool marketplace; public bool gifts; public bool bridge; public bool crates; public bool purchases;
    }
    /// <summary>until: ISO 8601; reason: "passwordChanged", "signInLinked", "signInRemoved", "newAccount"
    /// or "purchase"; actions: any of "give", "list", "bridge", "buy".</summary>
    [Serializable] public class TradeHold { public string until; public string reason; public string[] actions; }
    [Serializable] public class PartyMember
    {
        public string discordId; public string displayName; public string avatarUrl;
        /// <summary>Our player's uuid and name, where that Discord account is linked to one.</summary>
        public string playerUuid; public string playerName;
        /// <summary>This member is the player at this screen.</summary>
        public bool self;
    }
    [Serializable] public class PartyInfo { public string roomId; public PartyMember[] members; }
    /// <summary>via: "dialog", "share", "clipboard" or "portal"; link where the host gives one.</summary>
    [Serializable] public class InviteResult { public string roomId; public string via; public string link; }
    /// <summary>shown: false where nobody sees presence (accepted and ignored).</summary>
    [Serializable] public class PresenceResult { public bool shown; }
    /// <summary>rewarded: for a rewarded ad, whether the reward was earned.</summary>
    [Serializable] public class AdResult { public string kind; public bool rewarded; }
    /// <summary>locale: a BCP 47 tag ("en-US"); country where the host knows it ("US").</summary>
    [Serializable] public class LocaleResult { public string locale; public string country; }
    [Serializable] public class HappyTimeResult { public bool celebrated; }
    /// <summary>One TripCoin pack: price already formatted for the player ("$9.99", "9,99 €").</summary>
    [Serializable] public class HostProduct { public string id; public int tripcoins; public string price; }
    /// <summary>The packs this host sells (Unavailable reasons: "signInRequired", "hostHasNoPurchases", "notConfigured").</summary>
    [Serializable] public class ProductsResult { public string host; public HostProduct[] products; }
    /// <summary>The pack was paid and granted by the server: balance is the player's TripCoins after it.</summary>
    [Serializable] public class PurchaseResult { public string productId; public int tripcoins; public double balance; }
    /// <summary>One row of a leaderboard; self: the player at this screen.</summary>
    [Serializable] public class LeaderboardEntry { public int rank; public string name; public int value; public bool self; }
    /// <summary>The player's rank and value on a board (0 and 0 while they have no score on it), the players on it, and its first rows.</summary>
    [Serializable] public class LeaderboardResult { public string stat; public string period; public string scope; public int rank; public int value; public int total; public LeaderboardEntry[] top; }
    /// <summary>state: what the game said; playing: whether the host now counts play (the shell's overlays and ads too).</summary>
    [Serializable] public class GameplayResult { public string state; public bool playing; }
    /// <summary>A purchase granted (also one that completed after its flow closed) or reversed (a refund; balance may be below zero).</summary>
    [Serializable] public class PurchaseEvent { public string status; public string productId; public int tripcoins; public double balance; }

    [Serializable] public class HostResult<T>
    {
        public string status; public string reason; public T value;
        public bool Done { get { return status == "done"; } }
        public bool Cancelled { get { return status == "cancelled"; } }
        public bool Unavailable { get { return status != "done" && status != "cancelled"; } }
        public T Value { get { return value; } }
        public string Reason { get { return reason; } }
    }

#pragma warning disable 0649 // assigned by JsonUtility
    /// <summary>Every field any HostEvent has (JsonUtility reads the one that came).</summary>
    [Serializable] private class HostEventData
    {
        public string type; public string roomId; public PartyMember[] members; public string kind;
        public bool rewarded; public bool active; public bool enabled; public string locale; public bool persistent;
        public string status; public string productId; public int tripcoins; public double balance;
        public FeatureFlags features;
    }
    [Serializable] private class HostAnswerHead { public string requestId; }
#pragma warning restore 0649

    /// <summary>Who is here changed (Discord: someone joined or left this Activity).</summary>
    public static event Action<PartyInfo> PartyChanged;
    /// <summary>The player arrived through an invite: join this room (sent once, after loading).</summary>
    public static event Action<string> JoinRoom;
    /// <summary>An ad began: gameplay is stopped and the page muted until AdFinished. Argument: "midgame" or "rewarded".</summary>
    public static event Action<string> AdStarted;
    /// <summary>The ad ended: kind, and for a rewarded ad whether the reward was earned.</summary>
    public static event Action<string, bool> AdFinished;
    /// <summary>The host celebrates a happy moment the game reported (true), and stopped (false).</summary>
    public static event Action<bool> HappyTimeChanged;
    /// <summary>Whether the host lets the player chat (the portal's disable-chat setting).</summary>
    public static event Action<bool> ChatEnabled;
    /// <summary>The player's language changed (BCP 47).</summary>
    public static event Action<string> LocaleChanged;
    /// <summary>Whether the game's own saves (PlayerPrefs, localStorage) survive a reload in this host.</summary>
    public static event Action<bool> StoragePersistent;
    /// <summary>A TripCoin purchase was granted ("granted") or refunded ("reversed"): told once per purchase.</summary>
    public static event Action<PurchaseEvent> PurchaseChanged;
    /// <summary>Every host event as its JSON, including types this file does not know yet.</summary>
    /// <summary>What the host and the studio allow here changed (a switch in the console, a sign-in).</summary>
    public static event Action<FeatureFlags> FeaturesChanged;
    public static event Action<string> HostEvent;

    private static readonly System.Collections.Generic.Dictionary<string, Action<string>> PendingHostCalls = new System.Collections.Generic.Dictionary<string, Action<string>>();
    private static int nextHostCallId;

#if UNITY_WEBGL && !UNITY_EDITOR
    [DllImport("__Internal")] private static extern void TripShell_HostCall(string requestId, string json);
#else
    private static void TripShell_HostCall(string requestId, string json)
    {
        DeliverHostAnswer("{\"requestId\":" + Quote(requestId) + ",\"status\":\"unavailable\",\"reason\":\"no shell outside WebGL\"}");
    }
#endif

    /// <summary>Any host call as raw JSON; the callback gets the answer's JSON ({status, value | reason}).</summary>
    public static void HostCall(string json, Action<string> onAnswer)
    {
        var requestId = "h" + (++nextHostCallId);
        PendingHostCalls[requestId] = onAnswer;
        TripShell_HostCall(requestId, json);
    }

    private static void Call<T>(string json, Action<HostResult<T>> onResult)
    {
        HostCall(json, answer => { if (onResult != null) onResult(JsonUtility.FromJson<HostResult<T>>(answer)); });
    }

    /// <summary>What this host offers. Example: WebBridge.Capabilities(r => inviteButton.SetActive(r.Done &amp;&amp; r.Value.invite));</summary>
    public static void Capabilities(Action<HostResult<HostCapabilities>> onResult) { Call("{\"call\":\"capabilities\"}", onResult); }
    /// <summary>Invites others to roomId (null: the host's own room). Example: WebBridge.Invite(null, r => { if (r.Done) Debug.Log("Invited to " + r.Value.roomId); });</summary>
    public static void Invite(string roomId, Action<HostResult<InviteResult>> onResult = null)
    {
        Call(roomId == null ? "{\"call\":\"invite\"}" : "{\"call\":\"invite\",\"roomId\":" + Quote(roomId) + "}", onResult);
    }
    /// <summary>Who is here with the player. Example: WebBridge.Party(r => { if (r.Done) ShowRoster(r.Value.members); });</summary>
    public static void Party(Action<HostResult<PartyInfo>> onResult) { Call("{\"call\":\"party\"}", onResult); }
    /// <summary>Rich presence (Discord); 0 or null leaves a field to the shell's default. Example: WebBridge.SetPresence("Arena", "In a match", 2, 8);</summary>
    public static void SetPresence(string details, string state = null, int partySize = 0, int partyMax = 0, long startedAtMs = 0, Action<HostResult<PresenceResult>> onResult = null)
    {
        var json = new System.Text.StringBuilder("{\"call\":\"setPresence\"");
        if (details != null) json.Append(",\"details\":").Append(Quote(details));
        if (state != null) json.Append(",\"state\":").Append(Quote(state));
        if (partySize > 0) json.Append(",\"partySize\":").Append(partySize);
        if (partyMax > 0) json.Append(",\"partyMax\":").Append(partyMax);
        if (startedAtMs > 0) json.Append(",\"startedAt\":").Append(startedAtMs);
        Call(json.Append('}').ToString(), onResult);
    }
    /// <summary>kind: "midgame" or "rewarded". Example: WebBridge.ShowAd("rewarded", r => { if (r.Done &amp;&amp; r.Value.rewarded) GiveExtraLife(); });</summary>
    public static void ShowAd(string kind, Action<HostResult<AdResult>> onResult) { Call("{\"call\":\"showAd\",\"kind\":" + Quote(kind) + "}", onResult); }
    /// <summary>The player's language from the host. Example: WebBridge.Locale(r => { if (r.Done) UseLanguage(r.Value.locale); });</summary>
    public static void Locale(Action<HostResult<LocaleResult>> onResult) { Call("{\"call\":\"locale\"}", onResult); }
    /// <summary>A happy moment (a boss beaten): the portal celebrates. Example: WebBridge.HappyTime();</summary>
    public static void HappyTime(Action<HostResult<HappyTimeResult>> onResult = null) { Call("{\"call\":\"happyTime\"}", onResult); }

    /// <summary>The TripCoin packs this host sells. Example: WebBridge.Products(r => { if (r.Done) ShowPacks(r.Value.products); });</summary>
    public static void Products(Action<HostResult<ProductsResult>> onResult) { Call("{\"call\":\"products\"}", onResult); }
    /// <summary>Buys a pack through the host's own flow; the server grants. Example: WebBridge.Purchase("tc-1200", r => { if (r.Done) ShowBalance(r.Value.balance); });</summary>
    public static void Purchase(string productId, Action<HostResult<PurchaseResult>> onResult = null)
    {
        Call("{\"call\":\"purchase\",\"productId\":" + Quote(productId) + "}", onResult);
    }

    /// <summary>
    /// What the game is doing, for the host's play time (CrazyGames and Poki count it; Discord's
    /// presence follows): "play" when play starts or resumes, "menu", "roundOver" or "death" when
    /// it stops, "loading" while a level loads. The host counts play only while the shell has no
    /// overlay or ad up too. Example: WebBridge.Gameplay("menu"); ... WebBridge.Gameplay("play");
    /// </summary>
    public static void Gameplay(string state, Action<HostResult<GameplayResult>> onResult = null)
    {
        Call("{\"call\":\"gameplay\",\"state\":" + Quote(state) + "}", onResult);
    }

    /// <summary>The signed-in player's place on a leaderboard. stat: "wins", "kills", ... (null: the server's first);
    /// period: "week" or "all"; scope: "global", "clan" or "friends" (Discord: the activity's participants).
    /// Example: WebBridge.Leaderboard("wins", "week", "global", r => { if (r.Done) ShowRank(r.Value.rank, r.Value.total); });</summary>
    public static void Leaderboard(string stat, string period, string scope, Action<HostResult<LeaderboardResult>> onResult)
    {
        var json = new System.Text.StringBuilder("{\"call\":\"leaderboard\"");
        if (stat != null) json.Append(",\"stat\":").Append(Quote(stat));
        if (period != null) json.Append(",\"period\":").Append(Quote(period));
        if (scope != null) json.Append(",\"scope\":").Append(Quote(scope));
        Call(json.Append('}').ToString(), onResult);
    }

    /// <summary>The shell's answer to a host call: JSON {requestId, status, value | reason}.</summary>
    public void OnHostAnswer(string json) { DeliverHostAnswer(json); }

    private static void DeliverHostAnswer(string json)
    {
        HostAnswerHead head;
        try { head = JsonUtility.FromJson<HostAnswerHead>(json); } catch (ArgumentException) { return; }
        Action<string> callback;
        if (head == null || head.requestId == null || !PendingHostCalls.TryGetValue(head.requestId, out callback)) return;
        PendingHostCalls.Remove(head.requestId);
        if (callback != null) callback(json);
    }

    /// <summary>What the host tells the game: JSON HostEvent {type, ...}.</summary>
    public void OnHostEvent(string json)
    {
        HostEvent?.Invoke(json);
        HostEventData data;
        try { data = JsonUtility.FromJson<HostEventData>(json); } catch (ArgumentException) { return; }
        if (data == null) return;
        switch (data.type)
        {
            case "party": PartyChanged?.Invoke(new PartyInfo { roomId = data.roomId, members = data.members ?? new PartyMember[0] }); break;
            case "joinRoom": JoinRoom?.Invoke(data.roomId); break;
            case "adStarted": AdStarted?.Invoke(data.kind); break;
            case "adFinished": AdFinished?.Invoke(data.kind, data.rewarded); break;
            case "happyTime": HappyTimeChanged?.Invoke(data.active); break;
            case "chat": ChatEnabled?.Invoke(data.enabled); break;
            case "locale": LocaleChanged?.Invoke(data.locale); break;
            case "storage": StoragePersistent?.Invoke(data.persistent); break;
            case "features": FeaturesChanged?.Invoke(data.features); break;
            case "purchase": PurchaseChanged?.Invoke(new PurchaseEvent { status = data.status, productId = data.productId, tripcoins = data.tripcoins, balance = data.balance }); break;
        }
    }

    private static string Quote(string value)
    {
        if (value == null) return "null";
        var builder = new System.Text.StringBuilder("\"");
        foreach (var c in value)
        {
            switch (c)
            {
                case '"': builder.Append("\\\""); break;
                case '\\': builder.Append("\\\\"); break;
                case '\n': builder.Append("\\n"); break;
                case '\r': builder.Append("\\r"); break;
                case '\t': builder.Append("\\t"); break;
                default:
                    if (c < ' ') builder.Append("\\u").Append(((int)c).ToString("x4"));
                    else builder.Append(c);
                    break;
            }
        }
        return builder.Append('"').ToString();
    }
}
