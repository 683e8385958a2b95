// A fresh server for every test of a file, and what most tests want on it, so that a test file
// states only what differs:
//
//   const t = useTestServer();
//   const cat = useCatalog(t);      // makeCatalog's rows
//   const api = useStudent(t);      // a student signed in, calling over /trpc
//
// Each use registers a beforeEach (they run in the order written) and the server an afterEach
// that closes it. What they return stands for the current test's value: read it inside a test or
// a hook, never at the top of the file.
import { afterEach, beforeEach } from 'vitest';
import { makeCatalog, rpc, signInAdmin } from './fixtures';
import { signUpAndIn, startTestServer, type TestServer } from './harness';

type Rpc = ReturnType<typeof rpc>;
export type Catalog = Awaited<ReturnType<typeof makeCatalog>>;

/** An object that forwards every read to what `current()` holds for the running test. */
function live<T extends object>(what: string, current: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_, key) {
      const value = current();
      if (!value) throw new Error(`${what} is made before each test: read it inside one`);
      return Reflect.get(value, key);
    },
  });
}

/** A server on a fresh database before each test, closed after it. */
export function useTestServer(opts?: Parameters<typeof startTestServer>[0]): TestServer {
  let server: TestServer | undefined;
  beforeEach(async () => {
    server = await startTestServer(opts);
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return live('The test server', () => server);
}

/** One program > paper > topic > practice set (4 questions) and a mock set (5 questions). */
export function useCatalog(t: TestServer): Catalog {
  let catalog: Catalog | undefined;
  beforeEach(async () => {
    catalog = await makeCatalog(t.db);
  });
  return live('The catalogue', () => catalog);
}

/** A student (harness STUDENT) registered, verified and signed in. */
export function useStudent(t: TestServer): Rpc {
  let api: Rpc | undefined;
  beforeEach(async () => {
    api = rpc(t, (await signUpAndIn(t)).access);
  });
  return live('The student', () => api);
}

/** The admin of fixtures' ADMIN, created and signed in. */
export function useAdmin(t: TestServer): Rpc {
  let api: Rpc | undefined;
  beforeEach(async () => {
    api = rpc(t, await signInAdmin(t));
  });
  return live('The admin', () => api);
}
