// Headers no other layer sets: answers of /api and /trpc are personal (a profile, results, a
// session) and must not be kept by a shared cache or the browser's disk cache; and no page of the
// app may use the camera, microphone, location or payment APIs.
import type { RequestHandler } from 'express';

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

export function permissionsPolicy(): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    next();
  };
}

export function noStore(): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
}
