import {api} from './api';

export const VISIBILITY = {
	private: 0,
	internal: 10,
	public: 20
};

export function mySnippets() {
	return api.get('snippets?per_page=100').json();
}

export function publicSnippets(page = 1) {
	return api.get(`snippets/public?page=${page}`).json();
}

export function createSnippet({title, fileName, content, visibility = 'private'}) {
	return api.post('snippets', {
		json: {
			title,
			file_name: fileName,
			content,
			visibility_level: VISIBILITY[visibility]
		}
	}).json();
}

export function shareInTeam(snippet) {
	return api.put(`snippets/${snippet.id}`, {json: {visibility_level: 10}}).json();
}

// Project snippets carry an expiry; expired ones are greyed out in the list.
export async function projectSnippets(projectId) {
	const snippets = await api.get(`projects/${projectId}/snippets`).json();
	const now = Date.now();
	return snippets.map(s => ({
		...s,
		expired: Boolean(s.expires_at) && new Date(s.expires_at).getTime() < now
	}));
}

export function rawSnippet(snippet) {
	return api.get(`snippets/${snippet.id}/raw`).text();
}
