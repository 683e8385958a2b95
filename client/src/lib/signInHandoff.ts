// What the sign-in page does around signing in: prepare() when the student starts on the form
// (fetch the signed-in app's code meanwhile), signedIn() with the new user's profile. The
// signed-out entry (app/AppRoot.tsx) swaps to the full app; inside the full app the session
// takes the user.
import { createContext, useContext } from 'react';
import type { Profile } from './session';

export interface Handoff {
  prepare(): void;
  signedIn(profile: Profile): void;
}

export const SignInHandoff = createContext<Handoff>({ prepare() {}, signedIn() {} });

export const useSignInHandoff = () => useContext(SignInHandoff);
