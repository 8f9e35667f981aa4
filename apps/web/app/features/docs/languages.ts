/** The languages of the docs' code samples, in the order of their tabs. */
export const codeLanguages = ['javascript', 'python', 'curl'] as const;
export type CodeLanguage = (typeof codeLanguages)[number];

/** The same request in each language. */
export type CodeSamples = Record<CodeLanguage, string>;
