// The accessible name of a control that shows `words` and acts on one item of a list: the words
// first, then the item ("Choose Program: General Nursing"). A voice-control user says the words on
// the screen to reach it (WCAG 2.5.3), and a screen reader still hears which item it acts on.
export const itemName = (words: string, item: string) => `${words}: ${item}`;
