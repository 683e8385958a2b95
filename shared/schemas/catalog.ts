// Inputs of the catalogue procedures. Ids come as numbers over tRPC and as strings from REST paths.
import { z } from 'zod';
import { coercedId } from './fields';

export const programIdInput = z.object({ programId: coercedId });
export const paperIdInput = z.object({ paperId: coercedId });
export const topicIdInput = z.object({ topicId: coercedId });

export const trailInput = z.object({
  programId: coercedId.optional(),
  paperId: coercedId.optional(),
  topicId: coercedId.optional(),
});
