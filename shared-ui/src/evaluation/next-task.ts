/**
 * Resumes in a later task of the browser's event loop (a timer's), so the work before and after it are two
 * tasks instead of one long one: input and rendering can run between them.
 */
export const nextTask = () => new Promise<void>((resume) => setTimeout(resume, 0));
