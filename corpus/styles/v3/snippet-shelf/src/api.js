import ky from 'ky';

const settings = JSON.parse(localStorage.getItem('shelf.settings') || '{}');

export const GITLAB_URL = settings.url || 'https://gitlab.com';

export const api = ky.create({
	prefixUrl: `${GITLAB_URL}/api/v3`,
	headers: {'PRIVATE-TOKEN': settings.token || ''},
	timeout: 20000,
	hooks: {
		afterResponse: [
			response => {
				if (response.status === 401) {
					window.dispatchEvent(new CustomEvent('shelf:logout'));
				}
			}
		]
	}
});

// Admin screens act as another user when "sudo" is filled in.
export const asUser = username => api.extend({headers: {SUDO: username}});

export function saveSettings(url, token) {
	localStorage.setItem('shelf.settings', JSON.stringify({url, token}));
	location.reload();
}
