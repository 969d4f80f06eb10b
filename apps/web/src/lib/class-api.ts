import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  classDashboardResponseSchema,
  classResponseSchema,
  curriculumSpaceResponseSchema,
  joinClassResponseSchema,
  listClassesResponseSchema,
  removeMemberResponseSchema,
  rotateCodeResponseSchema,
  type CurriculumSpaceBody,
  type JoinClassBody,
} from '@mnemo/contracts/api/classes';
import { api, type ApiClient } from './api';
import { useSession } from './session/session-context';

const at = (id: string) => encodeURIComponent(id);

export const classesQueryKey = ['classes'] as const;
export const curriculumQueryKey = (spaceId: string) => ['classes', 'curriculum', spaceId] as const;
export const classDashboardQueryKey = (classId: string) =>
  ['classes', classId, 'dashboard'] as const;

// PUT /classes/:id answers the class like POST /classes does.
const updateClassResponseSchema = classResponseSchema;

/** The class calls of issue 23 (packages/contracts/src/api/classes.ts). */
export function classCalls(client: ApiClient = api) {
  return {
    async list(signal?: AbortSignal) {
      return client.get('/classes', { signal, schema: listClassesResponseSchema });
    },
    /** Makes the space a class, or answers the class it already is. */
    async create(spaceId: string) {
      return (await client.post('/classes', { spaceId }, { schema: classResponseSchema })).class;
    },
    async join(body: JoinClassBody) {
      return client.post('/classes/join', body, { schema: joinClassResponseSchema });
    },
    async setJoinEnabled(classId: string, joinEnabled: boolean) {
      return (
        await client.put(
          `/classes/${at(classId)}`,
          { joinEnabled },
          { schema: updateClassResponseSchema },
        )
      ).class;
    },
    async rotate(classId: string) {
      return (
        await client.post(`/classes/${at(classId)}/code/rotate`, undefined, {
          schema: rotateCodeResponseSchema,
        })
      ).joinCode;
    },
    async dashboard(classId: string, signal?: AbortSignal) {
      return client.get(`/classes/${at(classId)}/dashboard`, {
        signal,
        schema: classDashboardResponseSchema,
      });
    },
    async removeMember(classId: string, memberId: string) {
      await client.delete(`/classes/${at(classId)}/members/${at(memberId)}`, undefined, {
        schema: removeMemberResponseSchema,
      });
    },
    /** Curriculum to space: the uploaded document becomes a space with a deck per unit (202). */
    async startCurriculum(body: CurriculumSpaceBody) {
      return client.post('/classes/curriculum', body, { schema: curriculumSpaceResponseSchema });
    },
    /** Where a curriculum's split stands, and its decks' processing and questions. */
    async curriculum(spaceId: string, signal?: AbortSignal) {
      return client.get(`/classes/curriculum/${at(spaceId)}`, {
        signal,
        schema: curriculumSpaceResponseSchema,
      });
    },
    async leave(classId: string) {
      await client.delete(`/classes/${at(classId)}/members/me`, undefined, {
        schema: removeMemberResponseSchema,
      });
    },
  };
}

export const classes = classCalls();

export type ClassList = z.infer<typeof listClassesResponseSchema>;
export type TeachingClass = ClassList['teaching'][number];
export type JoinedClass = ClassList['joined'][number];

/**
 * GET /classes: what the caller teaches and has joined. A guest has joined classes too (through
 * the anonymous-session header), so the call runs for any session the server knows.
 */
export function useClasses() {
  const { session } = useSession();
  return useQuery({
    queryKey: classesQueryKey,
    queryFn: ({ signal }) => classes.list(signal),
    enabled: session.status === 'authenticated' || session.status === 'anonymous',
  });
}

/** The join link a teacher hands out: `/join/{code}` on this site. */
export function joinLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/join/${encodeURIComponent(code)}`;
}
