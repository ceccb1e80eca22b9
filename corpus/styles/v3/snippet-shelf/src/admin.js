import {api, asUser} from './api';

// Onboarding form of the admin screen: a new colleague gets an account and a playground project.

export function createUser({email, username, name}) {
	return api.post('users', {
		json: {
			email,
			username,
			name,
			reset_password: true,
			confirm: false
		}
	}).json();
}

export function createPlayground(username) {
	return asUser(username).post('projects', {
		json: {
			name: `${username}-playground`,
			description: 'Your own sandbox. Break things here.',
			public: false,
			issues_enabled: true,
			snippets_enabled: true
		}
	}).json();
}

export function findProjects(term) {
	return api.get(`projects/search/${encodeURIComponent(term)}?per_page=20`).json();
}

export async function onboard(person, log) {
	const user = await createUser(person);
	log(`created @${user.username}`);
	const project = await createPlayground(user.username);
	log(`created ${project.web_url}`);
	return {user, project};
}
