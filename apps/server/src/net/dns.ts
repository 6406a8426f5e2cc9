import { resolveTxt } from 'node:dns/promises';

/**
 * Looks up the TXT records of a name (node:dns/promises' shape: each record in its chunks). On the
 * app's deps so tests answer with a double (issue 30 item 2: website host verification).
 */
export type TxtResolver = (name: string) => Promise<string[][]>;

export const systemTxtResolver: TxtResolver = (name) => resolveTxt(name);

export type TxtLookup = { records: string[] } | { error: 'none' | 'timeout' };

/** Resolver codes that mean "no answer in time" rather than "no such record". */
const timeoutCodes = new Set(['ETIMEOUT', 'ECONNREFUSED', 'ESERVFAIL']);

/**
 * The TXT records of `name` (chunks joined), or why there are none. Bounded by `timeoutMs`: a slow
 * name server answers 'timeout' instead of holding the request.
 */
export const lookupTxt = async (resolve: TxtResolver, name: string, timeoutMs: number): Promise<TxtLookup> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((done) => {
    timer = setTimeout(() => done('late'), timeoutMs);
    timer.unref();
  });
  try {
    const found = await Promise.race([resolve(name), late]);
    if (found === 'late') return { error: 'timeout' };
    return { records: found.map((chunks) => chunks.join('')) };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return { error: typeof code === 'string' && timeoutCodes.has(code) ? 'timeout' : 'none' };
  } finally {
    clearTimeout(timer);
  }
};
