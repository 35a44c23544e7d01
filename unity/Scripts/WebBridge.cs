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
