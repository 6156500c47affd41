import type { Command } from '../command.js';
export const boardCommand: Command = { spec: { name: 'board', synopsis: '', brief: 'x', summary: 'x', positionals: { min: 0, max: 9, names: '' }, flags: {} }, async run() { return 0; } };
