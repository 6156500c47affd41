// The browser bundle's entry: exposes the scenario to the page.
import { runScenario } from './scenario.js';

(globalThis as unknown as { runScenario: typeof runScenario }).runScenario = runScenario;
