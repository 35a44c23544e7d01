// framework.js: the game bundle (three.js and the arena). Like a Unity framework file it only
// registers itself when run; the loader then starts it with the downloaded data and code.
import { FRAMEWORK_GLOBAL, type GameFramework } from './framework-api';
import { createGame } from './game';

const framework: GameFramework = { createGame };
(window as Window & Partial<Record<typeof FRAMEWORK_GLOBAL, GameFramework>>)[FRAMEWORK_GLOBAL] = framework;
