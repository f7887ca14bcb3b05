// Text inside a Markdown table cell: a pipe would end the cell, a line break the row.
export const markdownCell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
