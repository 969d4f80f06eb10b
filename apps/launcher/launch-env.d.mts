export declare const LAUNCHER_ENV: Readonly<Record<string, string>>;
