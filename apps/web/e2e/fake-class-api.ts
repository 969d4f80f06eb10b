import type { Page, Route } from '@playwright/test';
import type {
  ClassDashboardResponse,
  ClassResponse,
  CurriculumSpaceResponse,
  JoinClassResponse,
  ListClassesResponse,
  RotateCodeResponse,
} from '@mnemo/contracts/api/classes';
import { RecordingFake } from './fake-calls';
import { failure, uuid } from './fake-deck-api';

// A stateful stand-in for the class calls of issue 23 (packages/contracts/src/api/classes.ts),
// answering in their wire format. Install it after FakeDeckApi: the last route registered answers
// first, and every call that is not a class call falls through to the deck fake.

type Dashboard = Omit<ClassDashboardResponse, 'success' | 'class'>;

export interface FakeClass {
  _id: string;
  spaceId: string;
  spaceTitle: string;
  joinCode: string;
  joinEnabled: boolean;
  /** The caller teaches it (teaching list) or is a member (joined list). */
  role: 'teacher' | 'member';
  member?: { _id: string; displayName: string };
  decks: { _id: string; title: string }[];
  dashboard: Dashboard;
}

const CODES = ['H7K2P', 'M4R9X', 'Q3W8T', 'Z6N5B'];

export class FakeClassApi extends RecordingFake {
  classes: FakeClass[] = [];
  private codes = [...CODES];
  /** Codes that open a class to join: code → the class a join makes. */
  joinable = new Map<
    string,
    Omit<FakeClass, 'role' | 'member' | 'dashboard' | 'joinCode' | 'joinEnabled'>
  >();

  /**
   * Curriculum to space: what POST /classes/curriculum answers, then each GET of its status the
   * next of these stages (the last one stays), so a test plays the worker's split and generation.
   */
  curriculum: { answer: CurriculumSpaceResponse; stages: CurriculumSpaceResponse[] } | null = null;

  nextCode(): string {
    return this.codes.shift() ?? 'Y2Y2Y';
  }

  addClass(
    over: Partial<FakeClass> & Pick<FakeClass, 'spaceId' | 'spaceTitle' | 'role'>,
  ): FakeClass {
    const klass: FakeClass = {
      _id: uuid(),
      joinCode: this.nextCode(),
      joinEnabled: true,
      decks: [],
      dashboard: { students: [], concepts: [], questions: [], weakest: [] },
      ...over,
    };
    this.classes.push(klass);
    return klass;
  }

  private present(klass: FakeClass): ClassResponse['class'] {
    const { _id, spaceId, joinCode, joinEnabled } = klass;
    return { _id, spaceId, joinCode, joinEnabled };
  }

  async install(page: Page): Promise<void> {
    await page.route(
      (url) => url.pathname === '/api/classes' || url.pathname.startsWith('/api/classes/'),
      (route) => this.answer(route),
    );
  }

  private async answer(route: Route): Promise<void> {
    const { method, path, body, parts, answer: reply } = this.record(route);
    const id = parts[1];
    const klass = this.classes.find((c) => c._id === id);

    if (path === '/classes' && method === 'GET') {
      const answer: ListClassesResponse = {
        success: true,
        teaching: this.classes
          .filter((c) => c.role === 'teacher')
          .map((c) => ({
            ...this.present(c),
            spaceTitle: c.spaceTitle,
            memberCount: c.dashboard.students.length,
          })),
        joined: this.classes
          .filter((c) => c.role === 'member' && c.member)
          .map((c) => ({
            _id: c._id,
            spaceId: c.spaceId,
            spaceTitle: c.spaceTitle,
            member: c.member ?? { _id: '', displayName: '' },
            decks: c.decks,
          })),
      };
      return reply('GET /classes', answer);
    }
    if (path === '/classes' && method === 'POST') {
      const { spaceId } = body as { spaceId: string };
      const existing = this.classes.find((c) => c.spaceId === spaceId && c.role === 'teacher');
      const made = existing ?? this.addClass({ spaceId, spaceTitle: 'Space', role: 'teacher' });
      const answer: ClassResponse = { success: true, class: this.present(made) };
      return reply('POST /classes', answer, existing ? 200 : 201);
    }
    if (path === '/classes/curriculum' && method === 'POST' && this.curriculum) {
      return reply('POST /classes/curriculum', this.curriculum.answer, 202);
    }
    if (parts[1] === 'curriculum' && parts[2] && method === 'GET' && this.curriculum) {
      const { stages } = this.curriculum;
      const next = stages.length > 1 ? stages.shift()! : stages[0]!;
      return reply('GET /classes/curriculum/:spaceId', next);
    }
    if (path === '/classes/join' && method === 'POST') {
      const { code, displayName } = body as { code: string; displayName: string };
      const open = this.joinable.get(code);
      if (!open) return failure(404, 'JOIN_CODE_INVALID', 'No class has this code.')(route);
      if (this.classes.some((c) => c._id === open._id)) {
        return failure(409, 'ALREADY_IN_CLASS', 'You are already a member of this class.')(route);
      }
      const member = { _id: uuid(), displayName };
      this.addClass({ ...open, role: 'member', member, joinCode: code });
      const answer: JoinClassResponse = {
        success: true,
        class: {
          _id: open._id,
          spaceId: open.spaceId,
          spaceTitle: open.spaceTitle,
          decks: open.decks,
        },
        member,
      };
      return reply('POST /classes/join', answer, 201);
    }
    if (!klass) return failure(404, 'NOT_FOUND', 'Class not found')(route);

    if (parts.length === 2 && method === 'PUT') {
      klass.joinEnabled = (body as { joinEnabled: boolean }).joinEnabled;
      const answer: ClassResponse = { success: true, class: this.present(klass) };
      return reply('PUT /classes/:id', answer);
    }
    if (parts[2] === 'code' && parts[3] === 'rotate' && method === 'POST') {
      klass.joinCode = this.nextCode();
      const answer: RotateCodeResponse = { success: true, joinCode: klass.joinCode };
      return reply('POST /classes/:id/code/rotate', answer);
    }
    if (parts[2] === 'dashboard' && method === 'GET') {
      const answer: ClassDashboardResponse = {
        success: true,
        class: this.present(klass),
        ...klass.dashboard,
      };
      return reply('GET /classes/:id/dashboard', answer);
    }
    if (parts[2] === 'members' && parts[3] === 'me' && method === 'DELETE') {
      this.classes = this.classes.filter((c) => c !== klass);
      return reply('DELETE /classes/:id/members/me', { success: true });
    }
    if (parts[2] === 'members' && parts[3] && method === 'DELETE') {
      const memberId = parts[3];
      const d = klass.dashboard;
      d.students = d.students.filter((s) => s.memberId !== memberId);
      d.concepts = d.concepts.map((c) => ({
        ...c,
        below50: c.below50.filter((m) => m !== memberId),
      }));
      return reply('DELETE /classes/:id/members/:memberId', { success: true });
    }
    return route.fallback();
  }
}
