import type { ModuleRegister } from '../platform/module.js';
import { registerSystem } from './system/register.js';
import { registerAdmin } from './admin/register.js';

/** Every module wires itself in its own register.ts; this is only the list. */
export const modules: ModuleRegister[] = [registerSystem, registerAdmin];
