import { fuzzEveryCall } from '../test/fuzz-calls';

// Half 1 of every call (test/fuzz-calls.ts): two files, so both test workers fuzz at once.
await fuzzEveryCall(1, 2);
