// Filled by the insights work: zod schemas of the engine's output and the RM calls of spec §3.
export {};
