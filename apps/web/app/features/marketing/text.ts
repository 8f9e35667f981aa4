/** Readable lists in prose: "STL, OBJ or 3MF", "Royal Mail, DPD and UPS" (British style, no serial comma). */
const orFormat = new Intl.ListFormat('en-GB', { type: 'disjunction' });
const andFormat = new Intl.ListFormat('en-GB', { type: 'conjunction' });

export const orList = (items: readonly string[]) => orFormat.format(items);
export const andList = (items: readonly string[]) => andFormat.format(items);
