// REST paths of the account part, each a thin call into the tRPC procedures.
import { Router } from 'express';
import { createContext, type AppDeps } from '../context';
import { createCaller } from '../router';
import { body, call, type BodyReaders } from './shim';

export function accountRoutes(deps: AppDeps, readBody: BodyReaders): Router {
  const r = Router();
  // Procedures validate their own input; `as never` hands over the untrusted body unchanged.
  r.post(
    '/auth/login/',
    readBody('auth.login'),
    call(deps, (c, req) => c.auth.login(body(req) as never)),
  );
  r.post(
    '/auth/registration/',
    readBody('auth.register'),
    call(deps, (c, req) => c.auth.register(body(req) as never), 201),
  );
  r.post(
    '/auth/registration/verify-email/',
    readBody('auth.verifyEmail'),
    // The key alone verifies nothing: the password of the registration to activate comes with it.
    call(deps, (c, req) =>
      c.auth.verifyEmail({ token: body(req).key ?? body(req).token, password: body(req).password } as never),
    ),
  );
  r.post(
    '/auth/registration/resend-email/',
    readBody('auth.resendVerification'),
    call(deps, (c, req) => c.auth.resendVerification(body(req) as never)),
  );
  r.post(
    '/auth/logout/',
    readBody('auth.logout'),
    call(deps, (c, req) => c.auth.logout(body(req) as never)),
  );
  r.post(
    '/auth/password/reset/',
    readBody('auth.requestPasswordReset'),
    call(deps, (c, req) => c.auth.requestPasswordReset(body(req) as never)),
  );
  r.post(
    '/auth/password/reset/confirm/',
    readBody('auth.confirmPasswordReset'),
    call(deps, (c, req) => c.auth.confirmPasswordReset(body(req) as never)),
  );
  r.post(
    '/auth/password/change/',
    readBody('auth.changePassword'),
    call(deps, (c, req) => c.auth.changePassword(body(req) as never)),
  );
  r.post(
    '/token/refresh/',
    readBody('auth.refresh'),
    call(deps, (c, req) => c.auth.refresh(body(req) as never)),
  );
  r.get(
    '/profile/',
    call(deps, (c) => c.profile.get()),
  );
  r.put(
    '/profile/',
    readBody('profile.update'),
    call(deps, (c, req) => c.profile.update(body(req) as never)),
  );
  r.patch(
    '/profile/',
    readBody('profile.update'),
    call(deps, (c, req) => c.profile.update(body(req) as never)),
  );
  r.delete(
    '/profile/',
    readBody('profile.delete'),
    call(deps, (c, req) => c.profile.delete(body(req) as never)),
  );

  // Verification links mailed before they opened the password page: send a live one there.
  r.get('/auth/verify-email/:token/', async (req, res) => {
    const token = String(req.params.token);
    try {
      const caller = createCaller(await createContext(deps, req));
      if (await caller.auth.verificationLinkIsLive({ token })) {
        return res.redirect(302, `/verify-email/${encodeURIComponent(token)}`);
      }
    } catch {
      // A refused or malformed token lands on the same page as an expired one.
    }
    res.redirect(302, '/email-verified?status=invalid');
  });

  // The link mailed to an admin's new address: apply it, then land on the confirmation page.
  r.get('/auth/confirm-email/:token/', async (req, res) => {
    try {
      await createCaller(await createContext(deps, req)).auth.confirmEmailChange({
        token: String(req.params.token),
      });
      res.redirect(302, '/email-verified?status=email-changed');
    } catch {
      res.redirect(302, '/email-verified?status=invalid');
    }
  });
  return r;
}
