import { Hono } from 'hono';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { requireStaff } from '#server/staff/require-staff.ts';
import { deskStreamHandler } from './desk-stream.ts';

/** The desk's live link, under /api/desk: staff only (requireStaff). */
export function deskLiveRoutes(deps: Pick<AppDeps, 'db' | 'clock' | 'deskFeed' | 'log'>) {
  return new Hono<AppEnv>().get('/desk/stream', requireStaff('desk'), deskStreamHandler(deps));
}
