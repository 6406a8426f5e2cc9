import { fuzzEveryCall } from '../test/fuzz-calls';

// Half 2 of every call (test/fuzz-calls.ts): two files, so both test workers fuzz at once.
await fuzzEveryCall(2, 2);
