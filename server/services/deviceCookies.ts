// Device cookies (OWASP's pattern against lockouts): a successful sign-in leaves the browser a
// signed, HttpOnly cookie for that account. Attempts that carry a valid one are counted on that
// device's own budget, so a wait that strangers caused for the account does not hold its owner.
//
// One cookie per account and browser (a lab computer serves a whole class), sent only to the two
// sign-in paths, so it costs nothing on any other request. Its name and value never show the
// e-mail: the name is a keyed hash of it, the value a random device id, its expiry and an HMAC
// binding the three to the account.
import crypto from 'node:crypto';

const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const PREFIX = 'nmc_device_';
/** The sign-in paths of the REST shim and of tRPC (a batch of several calls has another path). */
const PATHS = ['/api/auth/login/', '/trpc/auth.login'];

export interface CookieJar {
  get(name: string): string | undefined;
  /** Adds a whole Set-Cookie value to the answer. */
  set(header: string): void;
}

export class DeviceCookies {
  private readonly key: Buffer;

  constructor(
    secret: Uint8Array,
    private readonly secure: boolean,
  ) {
    // A key of its own, so a cookie's MAC can never pass for a token's signature or the reverse.
    this.key = crypto.createHmac('sha256', secret).update('device-cookie-v1').digest();
  }

  private mac(text: string): string {
    return crypto.createHmac('sha256', this.key).update(text).digest('base64url');
  }

  private nameFor(email: string): string {
    return PREFIX + this.mac(`name|${email.toLowerCase()}`).slice(0, 16);
  }

  /** The id of the device when `jar` holds a valid, unexpired cookie for `email`, else null. */
  deviceOf(jar: CookieJar | null, email: string): string | null {
    const value = jar?.get(this.nameFor(email));
    const parts = value?.split('.');
    if (!parts || parts.length !== 3) return null;
    const [device, expires, mac] = parts;
    if (!/^[A-Za-z0-9_-]{22}$/.test(device) || !/^\d{1,12}$/.test(expires)) return null;
    if (Number(expires) * 1000 <= Date.now()) return null;
    const expected = Buffer.from(this.mac(`${email.toLowerCase()}|${device}|${expires}`));
    const given = Buffer.from(mac);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? device : null;
  }

  /** Gives the browser behind `jar` a cookie for `email` (a new device id, a full lifetime). */
  trust(jar: CookieJar | null, email: string): void {
    if (!jar) return;
    const device = crypto.randomBytes(16).toString('base64url');
    const expires = Math.floor(Date.now() / 1000) + MAX_AGE_SECONDS;
    const value = `${device}.${expires}.${this.mac(`${email.toLowerCase()}|${device}|${expires}`)}`;
    const attributes = `Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${this.secure ? '; Secure' : ''}`;
    for (const path of PATHS) jar.set(`${this.nameFor(email)}=${value}; Path=${path}; ${attributes}`);
  }
}

/** The cookies of a request and the answer's Set-Cookie, read only when asked for. */
export function cookieJar(header: () => string | undefined, append: (header: string) => void): CookieJar {
  let cookies: Map<string, string> | undefined;
  return {
    get(name) {
      if (!cookies) {
        cookies = new Map();
        for (const pair of (header() ?? '').split(';')) {
          const eq = pair.indexOf('=');
          if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
        }
      }
      return cookies.get(name);
    },
    set: append,
  };
}
