/** Builds apps/server/dist when its sources changed; answers the path of dist/main.js. */
export declare const buildServer: () => Promise<string>;
export declare const stampOf: (inputs: string[]) => string;
export declare const fresh: (stampFile: string, stamp: string) => boolean;
