// The page's entry: its fonts, the game's canvas style, and start-up (src/app/startup.ts, the
// phases in one table).
import './ui/fonts.css';
import './game-link/GameCanvas.css';
import { startPage } from './app/startup';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
startPage(window, root);
