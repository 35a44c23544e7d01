// The demo game's own words in the player's language: it hears the shell's `language` setting
// (OnSettingChanged / OnAllSettings, like any setting) and redraws its HUD, help line and menu.
// A studio's game does the same with its own localisation; the shell never translates the game.
import { isLocale, type Locale } from '../../../contract/locales';

export interface GameWords {
  move: string; look: string; sprint: string; jump: string; slide: string; fire: string; reload: string;
  settings: string; menu: string; toggle: string; doubleTap: string; clickToPlay: string; menuButton: string;
  gameMenu: string; playingAsGuest: string;
}

const WORDS: Record<Locale, GameWords> = {
  en: { move: 'move', look: 'Mouse look', sprint: 'sprint', jump: 'jump', slide: 'slide', fire: 'fire', reload: 'reload', settings: 'settings', menu: 'menu', toggle: 'toggle', doubleTap: 'Double Tap', clickToPlay: 'Click to play', menuButton: 'Menu (M)', gameMenu: 'Game menu', playingAsGuest: 'Playing as guest' },
  es: { move: 'moverse', look: 'Ratón: mirar', sprint: 'esprintar', jump: 'saltar', slide: 'deslizarse', fire: 'disparar', reload: 'recargar', settings: 'ajustes', menu: 'menú', toggle: 'alternar', doubleTap: 'Doble toque', clickToPlay: 'Haz clic para jugar', menuButton: 'Menú (M)', gameMenu: 'Menú del juego', playingAsGuest: 'Jugando como invitado' },
  fr: { move: 'se déplacer', look: 'Souris : regarder', sprint: 'sprinter', jump: 'sauter', slide: 'glisser', fire: 'tirer', reload: 'recharger', settings: 'paramètres', menu: 'menu', toggle: 'bascule', doubleTap: 'Double appui', clickToPlay: 'Clique pour jouer', menuButton: 'Menu (M)', gameMenu: 'Menu du jeu', playingAsGuest: 'Joue en invité' },
  de: { move: 'bewegen', look: 'Maus: umsehen', sprint: 'sprinten', jump: 'springen', slide: 'rutschen', fire: 'schießen', reload: 'nachladen', settings: 'Einstellungen', menu: 'Menü', toggle: 'umschalten', doubleTap: 'Doppeltipp', clickToPlay: 'Klicken zum Spielen', menuButton: 'Menü (M)', gameMenu: 'Spielmenü', playingAsGuest: 'Spielt als Gast' },
  ja: { move: '移動', look: 'マウス：視点', sprint: 'ダッシュ', jump: 'ジャンプ', slide: 'スライディング', fire: '射撃', reload: 'リロード', settings: '設定', menu: 'メニュー', toggle: '切り替え', doubleTap: '2回押し', clickToPlay: 'クリックでプレイ', menuButton: 'メニュー (M)', gameMenu: 'ゲームメニュー', playingAsGuest: 'ゲストでプレイ中' },
  ko: { move: '이동', look: '마우스: 시점', sprint: '달리기', jump: '점프', slide: '슬라이드', fire: '사격', reload: '재장전', settings: '설정', menu: '메뉴', toggle: '전환', doubleTap: '두 번 누르기', clickToPlay: '클릭해서 플레이', menuButton: '메뉴 (M)', gameMenu: '게임 메뉴', playingAsGuest: '게스트로 플레이 중' },
  zh: { move: '移动', look: '鼠标：视角', sprint: '冲刺', jump: '跳跃', slide: '滑铲', fire: '开火', reload: '换弹', settings: '设置', menu: '菜单', toggle: '切换', doubleTap: '双击', clickToPlay: '点击开始游戏', menuButton: '菜单 (M)', gameMenu: '游戏菜单', playingAsGuest: '以游客身份游戏' },
  ru: { move: 'движение', look: 'Мышь: обзор', sprint: 'бег', jump: 'прыжок', slide: 'подкат', fire: 'огонь', reload: 'перезарядка', settings: 'настройки', menu: 'меню', toggle: 'переключение', doubleTap: 'Двойное нажатие', clickToPlay: 'Нажмите, чтобы играть', menuButton: 'Меню (M)', gameMenu: 'Меню игры', playingAsGuest: 'Играете как гость' },
};

export function gameWords(language: unknown): GameWords {
  return WORDS[isLocale(language) ? language : 'en'];
}
