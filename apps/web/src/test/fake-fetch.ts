type Answer = { status?: number; body: unknown };

/** A fake `fetch` answering by path; records every request for assertions. */
export const fakeFetch = (answers: Record<string, Answer | ((body: unknown) => Answer)>) => {
  const calls: { path: string; body: unknown; headers: Record<string, string> }[] = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body, headers: (init?.headers ?? {}) as Record<string, string> });
    const entry = answers[path];
    if (!entry) throw new TypeError('Failed to fetch');
    const answer = typeof entry === 'function' ? entry(body) : entry;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fn, calls };
};
