import { createContext, useContext } from 'react';

/** The level of the form's section headings: h3 under a drawer's h2 title, h2 under a page's h1. */
export const SectionHeadingLevel = createContext<2 | 3>(3);

export function useSectionHeadingLevel(): 2 | 3 {
  return useContext(SectionHeadingLevel);
}
