import { z } from 'zod';
import { PERMISSIONS, ROLES } from './role-list';

export * from './role-list';

export const roleSchema = z.enum(ROLES);
export const permissionSchema = z.enum(PERMISSIONS);
