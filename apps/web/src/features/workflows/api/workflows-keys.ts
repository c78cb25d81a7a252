/** Query keys of the workflows feature. */
export const workflowsKey = ['workflows'] as const;
export const workflowHistoryKey = (id: string) => [...workflowsKey, id, 'history'] as const;
